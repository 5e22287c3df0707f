import { listingDetailCall, listingsByCategoryCall, recentItemsCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { registerCall } from '../../http/register-call';
import { listingDetail, listingsByCategory, recentItems } from './service';

export function registerListingRoutes(app: FastifyInstance, db: Db): void {
  registerCall(app, recentItemsCall, ({ query }) => recentItems(db, query));
  registerCall(app, listingsByCategoryCall, ({ query }) => listingsByCategory(db, query));
  registerCall(app, listingDetailCall, ({ query, body, request }) =>
    listingDetail(db, body?.listingRefnum ?? query.listingRefnum, request.caller),
  );
}
