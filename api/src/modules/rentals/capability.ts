import { createRentalCall, rentalListingCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { registerCall } from '../../http/register-call';
import { draftSweepJob } from '../drafts/forms';
import { addDraftPhoto, deleteDraftPhoto } from '../drafts/photos';
import { withPhotoUpload } from '../files/photo-upload';
import { saveRental } from './create';
import { rentalDetail } from './detail';
import { openRentalDraft, rentalForm } from './drafts';
import { recentRentals, rentalsByUser } from './lists';
import { deleteRental, relistRental, setRentalAvailable, toggleRentalActive } from './manage';
import { rentalRunner } from './process';
import { rentalPropertyLists } from './properties';
import { reportRental } from './reports';

/** Rental listings (issue 20): the form and its photos, a place's page, landlords' lists and actions, reports. */
export const rentalsCapability = defineCapability({
  name: 'rentals',
  calls: rentalListingCalls,
  handlers: ({ db, files, clock }) => ({
    draft: ({ query, caller }) => openRentalDraft(db, caller, query.refnum),
    uploadPicture: async ({ query, caller, request }) =>
      withPhotoUpload(request, (photo) => addDraftPhoto(db, rentalForm, files, caller, query, photo)),
    deletePicture: ({ query, caller }) => deleteDraftPhoto(db, rentalForm, files, caller, query),
    create: ({ body, caller }) => saveRental(db, files, caller, body, clock.now()),
    detail: ({ query, caller }) => rentalDetail(db, query.refnum, caller),
    byUser: ({ query, caller }) => rentalsByUser(db, caller, query),
    setAvailable: ({ body, caller }) => setRentalAvailable(db, caller, body, clock.now()),
    remove: ({ body, caller }) => deleteRental(db, files, caller, body.refnum, clock.now()),
    relist: ({ body, caller }) => relistRental(db, caller, body.refnum, clock.now()),
    toggleActive: ({ body, caller }) => toggleRentalActive(db, caller, body.refnum, clock.now()),
    recent: ({ query }) => recentRentals(db, query),
    report: ({ body, caller }) => reportRental(db, caller, body),
    properties: () => rentalPropertyLists(db),
  }),
  processes: (registry) => registry.adopt(rentalRunner),
  jobs: ({ files }) => [draftSweepJob(rentalForm, files)],
  // The spec writes the create path with a trailing slash (section 7): both are served.
  routes: (app, { db, files, clock }) =>
    registerCall(app, { ...createRentalCall, path: `${createRentalCall.path}/` }, ({ body, caller }) =>
      saveRental(db, files, caller, body, clock.now()),
    ),
});
