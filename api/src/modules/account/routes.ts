import {
  bankAccountCall,
  communicationPreferencesCall,
  deleteAddressCall,
  deleteBankAccountCall,
  deleteProfilePictureCall,
  feedbackCall,
  fetchAddressesCall,
  fullProfileCall,
  profileCall,
  profileListingsCall,
  saveAddressCall,
  saveBankAccountCall,
  setOffersAndMessagesUpdatesCall,
  setProductRecommendationsCall,
  setRentalMessagesUpdatesCall,
  successEnvelope,
  unsubscribeCall,
  unsubscribeInfoCall,
  updateProfileCall,
  uploadProfilePictureCall,
} from '@yardly/shared/contract';
import { authMessages, PICTURE_MAX_BYTES, pictureMessages } from '@yardly/shared/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { registerCall } from '../../http/register-call';
import { callerId } from '../auth/request-context';
import type { addressService } from './addresses';
import type { bankAccountService } from './bank-account';
import type { pictureService } from './picture';
import type { PreferenceStore } from './preferences';
import type { ProfileService } from './profiles';

export interface AccountServices {
  profiles: ProfileService;
  pictures: ReturnType<typeof pictureService>;
  addresses: ReturnType<typeof addressService>;
  preferences: PreferenceStore;
  bankAccounts: ReturnType<typeof bankAccountService>;
}

export async function registerAccountRoutes(app: FastifyInstance, s: AccountServices): Promise<void> {
  registerCall(app, profileCall, ({ query }) => s.profiles.profile(query.userRefnum));
  registerCall(app, fullProfileCall, ({ request }) => s.profiles.fullProfile(callerId(request)));
  registerCall(app, updateProfileCall, ({ body, request }) => s.profiles.updateProfile(callerId(request), body));
  registerCall(app, profileListingsCall, ({ query, request }) =>
    s.profiles.listings(query.userRefnum, request.caller?.userId, query.page, query.size),
  );
  registerCall(app, feedbackCall, ({ query }) =>
    s.profiles.feedback(query.userRefnum, query.role, query.page, query.size),
  );

  registerCall(app, deleteProfilePictureCall, ({ request }) => s.pictures.remove(callerId(request)));
  // Multipart is registered once for the app (app.ts); this call bounds the file to 10 MB.
  app.post(
    `/svc${uploadProfilePictureCall.path}`,
    {
      schema: {
        summary: uploadProfilePictureCall.summary,
        response: { 200: successEnvelope(uploadProfilePictureCall.response) },
      },
    },
    async (request) => {
      const caller = await signedIn(request);
      const data = await s.pictures.upload(caller.userId, caller.userRefnum, await readUpload(request));
      return { code: 200 as const, data };
    },
  );

  registerCall(app, fetchAddressesCall, ({ request }) => s.addresses.list(callerId(request)));
  registerCall(app, saveAddressCall, ({ body, request }) => s.addresses.save(callerId(request), body));
  registerCall(app, deleteAddressCall, ({ query, request }) => s.addresses.remove(callerId(request), query.addressId));

  registerCall(app, communicationPreferencesCall, ({ request }) => s.preferences.get(callerId(request)));
  registerCall(app, setProductRecommendationsCall, ({ query, request }) =>
    s.preferences.set(callerId(request), { productRecommendations: query.enabled }),
  );
  registerCall(app, setOffersAndMessagesUpdatesCall, ({ query, request }) =>
    s.preferences.set(callerId(request), { offersAndMessagesUpdates: query.enabled }),
  );
  registerCall(app, setRentalMessagesUpdatesCall, ({ query, request }) =>
    s.preferences.set(callerId(request), { rentalMessagesUpdates: query.enabled }),
  );
  registerCall(app, unsubscribeInfoCall, ({ query }) => s.preferences.linkInfo(query.id));
  registerCall(app, unsubscribeCall, ({ body }) => {
    const { id, ...changes } = body;
    return s.preferences.unsubscribe(id, changes);
  });

  registerCall(app, bankAccountCall, ({ request }) => s.bankAccounts.get(callerId(request)));
  registerCall(app, saveBankAccountCall, ({ body, request }) => s.bankAccounts.save(callerId(request), body));
  registerCall(app, deleteBankAccountCall, ({ request }) => s.bankAccounts.remove(callerId(request)));
}

async function signedIn(request: FastifyRequest) {
  const caller = await request.server.resolveCaller(request);
  if (!caller) throw new AppError(401, authMessages.loginRequired);
  return caller;
}

/** The `file` part of a multipart upload, whole; a missing, extra or oversized file is the caller's mistake. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw AppError.badRequest(pictureMessages.missing, 'file');
  try {
    const part = await request.file({ limits: { fileSize: PICTURE_MAX_BYTES, files: 1 } });
    if (part?.fieldname !== 'file') throw AppError.badRequest(pictureMessages.missing, 'file');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, pictureMessages.tooLarge, { field: 'file' });
    if (typeof code === 'string' && code.startsWith('FST_')) throw AppError.badRequest(pictureMessages.missing, 'file');
    throw error;
  }
}
