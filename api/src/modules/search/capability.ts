import { searchCalls, searchMessages } from '@yardly/shared/contract';
import { authMessages } from '@yardly/shared/rules';
import { AppError } from '../../errors';
import { defineCapability } from '../../http/capability';
import { savedAmong } from '../favourites/service';
import { merchRails } from './merch';
import { search } from './service';
import { suggest } from './suggest';

/** The spec's search calls; their paths have no /svc prefix. */
export const searchCapability = defineCapability({
  name: 'search',
  calls: searchCalls,
  handlers: ({ db }) => ({
    srp: async ({ body }) => {
      if (!body.q?.trim()) throw AppError.badRequest(searchMessages.queryRequired, 'q');
      return search(db, body);
    },
    brp: async ({ body }) => search(db, body),
    category: async ({ body, caller }) => {
      // A company's own catalogue is for its signed-in members' eyes (spec section 6).
      if ((body.company || body.orgRefnum) && !caller) throw new AppError(401, authMessages.loginRequired);
      return search(db, body);
    },
    general: async ({ body, caller }) => {
      const result = await search(db, body, { searcher: caller ? { userId: caller.userId } : undefined });
      if (!caller) return result;
      // With a token, each doc says whether the caller saved it (spec section 7, Search).
      const saved = await savedAmong(
        db,
        caller.userId,
        result.data.docs.map((doc) => doc.listingRefnum),
      );
      const docs = result.data.docs.map((doc) => ({ ...doc, isFavourite: saved.has(doc.listingRefnum) }));
      return { ...result, data: { ...result.data, docs } };
    },
    pivot: async ({ body }) => {
      const result = await search(db, { ...body, size: 1 });
      return { ...result, data: { ...result.data, docs: [], size: body.size } };
    },
    merch: async ({ body }) => ({ carasoul_data: await merchRails(db, body, false) }),
    merchV2: async ({ body }) => ({ carasoul_data: await merchRails(db, body, true) }),
    autoSuggest: async ({ query }) => ({ suggestions: await suggest(db, query.q) }),
  }),
});
