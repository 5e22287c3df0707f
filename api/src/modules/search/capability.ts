import { type ParsedSearchFilters, searchCalls } from '@yardly/shared/contract';
import { searchMessages } from '@yardly/shared/rules';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { defineCapability } from '../../http/capability';
import { savedAmong } from '../favourites/service';
import { askedMarketplace } from '../organisation-marketplace/visibility';
import type { Searcher } from './match';
import { merchRails } from './merch';
import { search } from './service';
import { suggest } from './suggest';

/**
 * The marketplace a search reads (`askedMarketplace`). The anonymous calls (srp, brp) read no
 * token for a public search, so an expired one never stops it; an organisation's search needs
 * one, read here.
 */
async function searcherFor(
  db: Db,
  filters: ParsedSearchFilters,
  caller: Caller | null,
  request: FastifyRequest,
): Promise<Searcher> {
  const asksOrganisation = Boolean(filters.orgRefnum || filters.company);
  const who = caller ?? (asksOrganisation ? await request.server.resolveCaller(request) : null);
  return { marketplace: await askedMarketplace(db, filters, who) };
}

/**
 * Section 9's `searchType`: `srp` is a search by text (refused without one, as /search/srp),
 * `brp` a browse (any text left aside). Without it, each call keeps its own kind.
 */
function ofType<F extends ParsedSearchFilters>(filters: F): F {
  if (filters.searchType === 'srp' && !filters.q?.trim()) throw AppError.badRequest(searchMessages.queryRequired, 'q');
  if (filters.searchType === 'brp') return { ...filters, q: undefined };
  return filters;
}

/** The spec's search calls; their paths have no /svc prefix. */
export const searchCapability = defineCapability({
  name: 'search',
  calls: searchCalls,
  // Every search reads what tolerates a little lag: a read replica's, if any (docs/decisions/0060).
  handlers: ({ readDb, clock }) => ({
    srp: async ({ body, caller, request }) => {
      if (!body.q?.trim()) throw AppError.badRequest(searchMessages.queryRequired, 'q');
      const db = readDb(request);
      return search(db, body, clock.now(), { searcher: await searcherFor(db, body, caller, request) });
    },
    brp: async ({ body: asked, caller, request }) => {
      const body = ofType(asked);
      const db = readDb(request);
      return search(db, body, clock.now(), { searcher: await searcherFor(db, body, caller, request) });
    },
    // A company's own catalogue is for its signed-in members' eyes (spec section 6).
    category: async ({ body: asked, caller, request }) => {
      const body = ofType(asked);
      const db = readDb(request);
      return search(db, body, clock.now(), { searcher: await searcherFor(db, body, caller, request) });
    },
    general: async ({ body: asked, caller, request }) => {
      const body = ofType(asked);
      const db = readDb(request);
      const searcher = { ...(await searcherFor(db, body, caller, request)), userId: caller?.userId };
      const result = await search(db, body, clock.now(), { searcher });
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
    pivot: async ({ body: asked, caller, request }) => {
      const body = ofType(asked);
      const db = readDb(request);
      const result = await search(db, { ...body, size: 1 }, clock.now(), {
        searcher: await searcherFor(db, body, caller, request),
      });
      return { ...result, data: { ...result.data, docs: [], size: body.size } };
    },
    merch: async ({ body, request }) => ({
      carasoul_data: await merchRails(readDb(request), body, false, clock.now()),
    }),
    merchV2: async ({ body, request }) => ({
      carasoul_data: await merchRails(readDb(request), body, true, clock.now()),
    }),
    autoSuggest: async ({ query, request }) => ({ suggestions: await suggest(readDb(request), query.q, clock.now()) }),
  }),
});
