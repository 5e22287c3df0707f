import { donationCalls } from '@yardly/shared/contract';
import { donationProcess } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { withPhotoUpload } from '../files/photo-upload';
import { confirmWith } from './confirm';
import { donationDepsOf } from './deps';
import { donationListingsNear } from './listings';
import { readDonationNotices } from './notices';
import { addPickupAddress } from './pickup-address';
import { donationPictureSweepJob } from './picture-sweep';
import { deleteDonationPicture, pictureSaveFields, saveDonationPicture, uploadDonationPicture } from './pictures';
import { placeOrderWith } from './place-order';
import { donationTimerTaking } from './process';
import { donationOfListing } from './read';
import { followLapse } from './steps';
import { partyStepWith } from './steps-calls';

/**
 * Donations (issue 21): a member of a verified charity requests a donation listing, the donor
 * confirms a pickup address at the item's zip, the recipient records the pickup and the receipt
 * ('Donated', and the donor's receipt), photos document the handover; a request the donor leaves
 * unconfirmed lapses after seven days. Installed only with the donation flag on: off, every path is a 404.
 */
export const donationsCapability = defineCapability({
  name: 'donations',
  calls: donationCalls,
  process: donationProcess,
  services: (app: AppServices) => {
    const deps = donationDepsOf(app);
    return { ...deps, placeOrder: placeOrderWith(deps), confirm: confirmWith(deps), partyStep: partyStepWith(deps) };
  },
  handlers: (s) => ({
    listings: ({ query, caller }) => donationListingsNear(s.db, caller, query, s.clock.now()),
    placeOrder: ({ body, caller }) => s.placeOrder(caller, body.listingRefnum),
    order: ({ query, caller }) => donationOfListing(s.db, caller, query.listingRefnum),
    confirm: ({ body, caller }) => s.confirm(caller, body),
    addPickupAddress: ({ body, caller }) => addPickupAddress(s.db, caller, body),
    pickedUp: ({ body, caller }) => s.partyStep(caller, body.donationOrderId, 'pickUp'),
    received: ({ body, caller }) => s.partyStep(caller, body.donationOrderId, 'receive'),
    cancel: ({ body, caller }) => s.partyStep(caller, body.donationOrderId, 'cancel'),
    uploadPicture: async ({ query, caller, request }) =>
      withPhotoUpload(request, (photo) => uploadDonationPicture(s.db, s.files, caller, query, photo, s.clock.now())),
    savePicture: ({ query, body, caller }) => saveDonationPicture(s.db, caller, pictureSaveFields(query, body)),
    deletePicture: ({ query, caller }) => deleteDonationPicture(s.db, s.files, caller, query.resourcePath),
  }),
  processes: (registry, s) => {
    registry.implement(donationProcess, 'followLapse', followLapse(s));
    registry.takeTimers(donationProcess, donationTimerTaking);
    registry.readNotices(donationProcess, readDonationNotices);
  },
  jobs: (s) => [donationPictureSweepJob(s.files)],
});
