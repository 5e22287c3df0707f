import { accountCalls, joinCalls, profileCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { createAccount } from './create';
import { withPictureUpload } from './picture-upload';

/** A person's account: profiles and picture, settings, addresses, mail preferences, payout account. */
export const accountCapability = defineCapability({
  name: 'account',
  calls: joinCalls(accountCalls, profileCalls),
  services: createAccount,
  handlers: (s) => ({
    byRefnum: ({ query }) => s.profiles.profile(query.userRefnum),
    full: ({ caller }) => s.profiles.fullProfile(caller.userId),
    listings: ({ query, caller }) => s.profiles.listings(query.userRefnum, caller?.userId, query.page, query.size),
    // Multipart is registered once for the app (app.ts); this call bounds the file to 10 MB.
    uploadPicture: ({ caller, request }) =>
      withPictureUpload(request, (picture) => s.pictures.upload(caller.userId, caller.userRefnum, picture)),
    deletePicture: ({ caller }) => s.pictures.remove(caller.userId),

    updateName: ({ body, caller }) => s.profiles.updateName(caller.userId, body),
    updateProfile: ({ body, caller }) => s.profiles.updateProfile(caller.userId, body),
    fetchAddresses: ({ caller }) => s.addresses.list(caller.userId),
    saveAddress: ({ body, caller }) => s.addresses.save(caller.userId, body),
    deleteAddress: ({ query, caller }) => s.addresses.remove(caller.userId, query.addressId),

    communicationPreferences: ({ caller }) => s.preferences.get(caller.userId),
    setProductRecommendations: ({ query, caller }) =>
      s.preferences.set(caller.userId, { productRecommendations: query.enabled }),
    setOffersAndMessagesUpdates: ({ query, caller }) =>
      s.preferences.set(caller.userId, { offersAndMessagesUpdates: query.enabled }),
    setRentalMessagesUpdates: ({ query, caller }) =>
      s.preferences.set(caller.userId, { rentalMessagesUpdates: query.enabled }),
    unsubscribeInfo: ({ query }) => s.preferences.linkInfo(query.id),
    unsubscribe: ({ body }) => {
      const { id, ...changes } = body;
      return s.preferences.unsubscribe(id, changes);
    },

    bankAccount: ({ caller }) => s.bankAccounts.get(caller.userId),
    saveBankAccount: ({ body, caller }) => s.bankAccounts.save(caller.userId, body),
    deleteBankAccount: ({ caller }) => s.bankAccounts.remove(caller.userId),
  }),
});
