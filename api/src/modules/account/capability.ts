import { accountCalls, joinCalls, profileCalls, unsubscribeIdSchema } from '@yardly/shared/contract';
import { MAIL_LISTS, type MailList } from '@yardly/shared/rules';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { defineCapability } from '../../http/capability';
import { createAccount } from './create';
import { withPictureUpload } from './picture-upload';

/** A person's account: profiles and picture, settings, addresses, mail preferences, payout account. */
export const accountCapability = defineCapability({
  name: 'account',
  calls: joinCalls(accountCalls, profileCalls),
  services: createAccount,
  handlers: (s) => ({
    byRefnum: ({ query, request }) => s.publicProfiles(request).profile(query.userRefnum),
    full: ({ caller }) => s.profiles.fullProfile(caller.userId),
    listings: ({ query, caller, request }) =>
      s.publicProfiles(request).listings(query.userRefnum, caller?.userId, query.page, query.size),
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
    setSavedSearchAlerts: ({ query, caller }) => s.preferences.set(caller.userId, { savedSearchAlerts: query.enabled }),
    unsubscribeInfo: ({ query }) => s.preferences.linkInfo(query.id),
    unsubscribe: ({ body }) => {
      const { id, ...changes } = body;
      return s.preferences.unsubscribe(id, changes);
    },

    bankAccount: ({ caller }) => s.bankAccounts.get(caller.userId),
    saveBankAccount: ({ body, caller }) => s.bankAccounts.save(caller, body),
    deleteBankAccount: ({ caller }) => s.bankAccounts.remove(caller.userId),
  }),
  routes: (app, s) => {
    // RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` to the
    // mail's List-Unsubscribe URL (the /unsubscribe page's own, which a GET shows). No log-in:
    // the id is a long random token. The body is taken as it comes (form-encoded, or none).
    void app.register(async (scope: FastifyInstance) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      scope.post<{ Querystring: { id?: string; list?: string } }>(
        '/unsubscribe',
        { schema: { hide: true } },
        async (request) => {
          const id = unsubscribeIdSchema.safeParse(request.query.id);
          if (!id.success) throw AppError.badRequest('This unsubscribe link is not valid', 'id');
          const list = request.query.list;
          if (list !== undefined && !MAIL_LISTS.includes(list as MailList)) {
            throw AppError.badRequest('This unsubscribe link is not valid', 'list');
          }
          // The mail's list only; a link without one turns every optional mail off.
          const lists = list ? [list as MailList] : MAIL_LISTS;
          const changes = Object.fromEntries(lists.map((name) => [name, false]));
          return { code: 200, data: await s.preferences.unsubscribe(id.data, changes) };
        },
      );
    });
  },
});
