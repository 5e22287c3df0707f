import { listingCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { draftSweepJob } from '../drafts/forms';
import { addDraftPhoto, deleteDraftPhoto } from '../drafts/photos';
import { withPhotoUpload } from '../files/photo-upload';
import { listingReader } from '../organisation-marketplace/visibility';
import { listingsResource } from './admin';
import { saveListing } from './create';
import { listingForm, openListingDraft } from './drafts';
import { listingExpiryJob } from './expiry-job';
import { deleteListing, markSold, relist, toggleActive } from './manage';
import { listingRunner } from './process';
import { createdAny, sellerListings } from './seller-listings';
import { detailViewer, listingDetail, listingsByCategory, recentItems } from './service';

/** Browsing an item, selling one (the form, its photos) and managing one's listings; the console's catalogue. */
export const listingsCapability = defineCapability({
  name: 'listings',
  calls: listingCalls,
  handlers: ({ db, readDb, files, clock }) => ({
    // Browsing, and a guest's item page, tolerate a little lag: a read replica's, if any (docs/decisions/0060).
    recent: ({ query, request }) => recentItems(readDb(request), query, clock.now()),
    byCategory: ({ query, request }) => listingsByCategory(readDb(request), query, clock.now()),
    detail: async ({ query, body, caller, request }) => {
      const input = { ...query, ...body };
      const viewer = detailViewer(caller, input);
      const reader = caller ? db : readDb(request);
      return listingDetail(
        reader,
        input.listingRefnum,
        viewer,
        await listingReader(reader, viewer),
        clock.now(),
        input.zip,
      );
    },

    draftRefnum: ({ query, caller }) => openListingDraft(db, caller, query.listingRefnum),
    uploadPicture: async ({ query, caller, request }) =>
      withPhotoUpload(request, (photo) => addDraftPhoto(db, listingForm, files, caller, query, photo)),
    deletePicture: ({ query, caller }) => deleteDraftPhoto(db, listingForm, files, caller, query),
    create: ({ body, caller }) => saveListing(db, files, caller, body, clock.now()),

    markSold: ({ body, caller }) => markSold(db, caller, body.listingRefnum, clock.now()),
    toggleActive: ({ body, caller }) => toggleActive(db, caller, body.listingRefnum ?? body.refnum ?? '', clock.now()),
    remove: ({ query, caller }) => deleteListing(db, files, caller, query.listingRefnum, clock.now()),
    relist: ({ body, caller }) => relist(db, caller, body.listingRefnum, clock.now()),
    bySeller: ({ query, caller }) => sellerListings(db, caller, query, clock.now()),
    createdAny: ({ query, caller }) => createdAny(db, caller, query.userRefnum),
  }),
  processes: (registry) => registry.adopt(listingRunner),
  jobs: ({ files }) => [draftSweepJob(listingForm, files), listingExpiryJob],
  adminResources: ({ clock }) => [listingsResource({ clock })],
});
