import {
  createListingCall,
  deleteListingCall,
  deletePictureCall,
  draftRefnumCall,
  listingDetailCall,
  listingsByCategoryCall,
  markSoldCall,
  recentItemsCall,
  relistCall,
  sellerListingsCall,
  toggleActiveCall,
  uploadPictureCall,
} from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { requiredCaller } from '../../http/caller';
import { registerCall } from '../../http/register-call';
import type { FileStore } from '../files/file-store';
import { readPhotoPart } from '../files/photo-upload';
import { saveListing } from './create';
import { addDraftPhoto, deleteDraftPhoto, openDraft } from './drafts';
import { deleteListing, markSold, relist, toggleActive } from './manage';
import { sellerListings } from './seller-listings';
import { listingDetail, listingsByCategory, recentItems } from './service';

const caller = requiredCaller;

export function registerListingRoutes(app: FastifyInstance, db: Db, files: FileStore): void {
  registerCall(app, recentItemsCall, ({ query }) => recentItems(db, query));
  registerCall(app, listingsByCategoryCall, ({ query }) => listingsByCategory(db, query));
  registerCall(app, listingDetailCall, ({ query, body, request }) =>
    listingDetail(db, body?.listingRefnum ?? query.listingRefnum, request.caller),
  );

  registerCall(app, draftRefnumCall, ({ query, request }) => openDraft(db, caller(request), query.listingRefnum));
  registerCall(app, uploadPictureCall, async ({ query, request }) =>
    addDraftPhoto(db, files, caller(request), query, await readPhotoPart(request)),
  );
  registerCall(app, deletePictureCall, ({ query, request }) => deleteDraftPhoto(db, files, caller(request), query));
  registerCall(app, createListingCall, ({ body, request }) => saveListing(db, caller(request), body));

  registerCall(app, markSoldCall, ({ body, request }) => markSold(db, caller(request), body.listingRefnum));
  registerCall(app, toggleActiveCall, ({ body, request }) =>
    toggleActive(db, caller(request), body.listingRefnum ?? body.refnum ?? ''),
  );
  registerCall(app, deleteListingCall, ({ query, request }) => deleteListing(db, caller(request), query.listingRefnum));
  registerCall(app, relistCall, ({ body, request }) => relist(db, caller(request), body.listingRefnum));
  registerCall(app, sellerListingsCall, ({ query, request }) => sellerListings(db, request.caller, query));
}
