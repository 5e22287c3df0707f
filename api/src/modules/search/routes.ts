import {
  autoSuggestCall,
  brpCall,
  categorySearchCall,
  generalSearchCall,
  merchCall1,
  merchCallV2,
  pivotSearchCall,
  searchMessages,
  srpCall,
} from '@yardly/shared/contract';
import { authMessages } from '@yardly/shared/rules';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { registerCall } from '../../http/register-call';
import { savedAmong } from '../favourites/service';
import { merchRails } from './merch';
import { search } from './service';
import { suggest } from './suggest';

/** The spec's search calls; their paths have no /svc prefix. */
export function registerSearchRoutes(app: FastifyInstance, db: Db): void {
  registerCall(app, srpCall, async ({ body }) => {
    if (!body.q?.trim()) throw AppError.badRequest(searchMessages.queryRequired, 'q');
    return search(db, body);
  });
  registerCall(app, brpCall, async ({ body }) => search(db, body));
  registerCall(app, categorySearchCall, async ({ body, request }) => {
    // A company's own catalogue is for its signed-in members' eyes (spec section 6).
    if ((body.company || body.orgRefnum) && !request.caller) throw new AppError(401, authMessages.loginRequired);
    return search(db, body);
  });
  registerCall(app, generalSearchCall, async ({ body, request }) => {
    const caller = request.caller;
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
  });
  registerCall(app, pivotSearchCall, async ({ body }) => {
    const result = await search(db, { ...body, size: 1 });
    return { ...result, data: { ...result.data, docs: [], size: body.size } };
  });
  registerCall(app, merchCall1, async ({ body }) => ({ carasoul_data: await merchRails(db, body, false) }));
  registerCall(app, merchCallV2, async ({ body }) => ({ carasoul_data: await merchRails(db, body, true) }));
  registerCall(app, autoSuggestCall, async ({ query }) => ({ suggestions: await suggest(db, query.q) }));
}
