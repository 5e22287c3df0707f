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
  unsubscribeCall,
  unsubscribeInfoCall,
  updateProfileCall,
  uploadProfilePictureCall,
} from '../contract/account';
import {
  changePasswordCall,
  completeProgressiveSignupCall,
  easySignupCall,
  forgotPasswordCall,
  isUserExistCall,
  loginCall,
  loginWithCodeCall,
  logoutCall,
  refreshTokenCall,
  resendVerificationCall,
  setPasswordCall,
  signupCall,
  updateEmailCall,
  verifyEmailCall,
  verifyLoginCodeCall,
  verifyUpdatableEmailCall,
} from '../contract/auth';
import type { CallBody, CallQuery } from '../contract/call';
import { allCategoriesCall, categoriesCall, categoryPropertiesCall } from '../contract/categories';
import { healthCall } from '../contract/health';
import { listingDetailCall, listingsByCategoryCall, recentItemsCall } from '../contract/listings';
import { zipLookupCall } from '../contract/location';
import { verifyProfessionCall, verifyProfessionCodeCall } from '../contract/organisations';
import { socialAuthCall, socialProvidersCall } from '../contract/social';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './http-client';

/** Typed helpers over the contract: `api.listings.detail({ listingRefnum })`. */
export function createApi(options: HttpClientOptions = {}) {
  const http: HttpClient = createHttpClient(options);
  return {
    http,
    health: () => http.call(healthCall),
    categories: {
      list: () => http.call(categoriesCall),
      all: () => http.call(allCategoriesCall),
      properties: (query: CallQuery<typeof categoryPropertiesCall> = {}) =>
        http.call(categoryPropertiesCall, { query }),
    },
    location: {
      byZip: (zip: string) => http.call(zipLookupCall, { query: { zip } }),
    },
    auth: {
      isUserExist: (body: CallBody<typeof isUserExistCall>) => http.call(isUserExistCall, { body }),
      signup: (body: CallBody<typeof signupCall>) => http.call(signupCall, { body }),
      easySignup: (body: CallBody<typeof easySignupCall>) => http.call(easySignupCall, { body }),
      verifyEmail: (body: CallBody<typeof verifyEmailCall>) => http.call(verifyEmailCall, { body }),
      resendVerification: (body: CallBody<typeof resendVerificationCall>) =>
        http.call(resendVerificationCall, { body }),
      login: (body: CallBody<typeof loginCall>) => http.call(loginCall, { body }),
      loginWithCode: (body: CallBody<typeof loginWithCodeCall>) => http.call(loginWithCodeCall, { body }),
      verifyLoginCode: (body: CallBody<typeof verifyLoginCodeCall>) => http.call(verifyLoginCodeCall, { body }),
      forgotPassword: (body: CallBody<typeof forgotPasswordCall>) => http.call(forgotPasswordCall, { body }),
      setPassword: (body: CallBody<typeof setPasswordCall>) => http.call(setPasswordCall, { body }),
      refreshToken: (body: CallBody<typeof refreshTokenCall>) => http.call(refreshTokenCall, { body }),
      logout: (body: CallBody<typeof logoutCall>) => http.call(logoutCall, { body }),
      completeProgressiveSignup: (body: CallBody<typeof completeProgressiveSignupCall>) =>
        http.call(completeProgressiveSignupCall, { body }),
      socialAuth: (body: CallBody<typeof socialAuthCall>) => http.call(socialAuthCall, { body }),
      socialProviders: () => http.call(socialProvidersCall),
      verifyProfession: (body: CallBody<typeof verifyProfessionCall>) => http.call(verifyProfessionCall, { body }),
      verifyProfessionCode: (body: CallBody<typeof verifyProfessionCodeCall>) =>
        http.call(verifyProfessionCodeCall, { body }),
    },
    account: {
      changePassword: (body: CallBody<typeof changePasswordCall>) => http.call(changePasswordCall, { body }),
      updateEmail: (body: CallBody<typeof updateEmailCall>) => http.call(updateEmailCall, { body }),
      verifyUpdatableEmail: (body: CallBody<typeof verifyUpdatableEmailCall>) =>
        http.call(verifyUpdatableEmailCall, { body }),
      updateProfile: (body: CallBody<typeof updateProfileCall>) => http.call(updateProfileCall, { body }),
      fetchAddresses: () => http.call(fetchAddressesCall),
      saveAddress: (body: CallBody<typeof saveAddressCall>) => http.call(saveAddressCall, { body }),
      deleteAddress: (addressId: string) => http.call(deleteAddressCall, { query: { addressId } }),
      communicationPreferences: () => http.call(communicationPreferencesCall),
      setProductRecommendations: (enabled: boolean) =>
        http.call(setProductRecommendationsCall, { query: { enabled: enabled ? 'true' : 'false' } }),
      setOffersAndMessagesUpdates: (enabled: boolean) =>
        http.call(setOffersAndMessagesUpdatesCall, { query: { enabled: enabled ? 'true' : 'false' } }),
      setRentalMessagesUpdates: (enabled: boolean) =>
        http.call(setRentalMessagesUpdatesCall, { query: { enabled: enabled ? 'true' : 'false' } }),
      unsubscribeInfo: (id: string) => http.call(unsubscribeInfoCall, { query: { id } }),
      unsubscribe: (body: CallBody<typeof unsubscribeCall>) => http.call(unsubscribeCall, { body }),
      bankAccount: () => http.call(bankAccountCall),
      saveBankAccount: (body: CallBody<typeof saveBankAccountCall>) => http.call(saveBankAccountCall, { body }),
      deleteBankAccount: () => http.call(deleteBankAccountCall),
    },
    profile: {
      byRefnum: (userRefnum: string) => http.call(profileCall, { query: { userRefnum } }),
      full: () => http.call(fullProfileCall),
      listings: (query: CallQuery<typeof profileListingsCall>) => http.call(profileListingsCall, { query }),
      feedback: (query: CallQuery<typeof feedbackCall>) => http.call(feedbackCall, { query }),
      /** Multipart, one part named `file`. */
      uploadPicture: (file: Blob, filename = 'picture.jpg') => {
        const form = new FormData();
        form.append('file', file, filename);
        return http.call(uploadProfilePictureCall, { form });
      },
      deletePicture: () => http.call(deleteProfilePictureCall),
    },
    listings: {
      recent: (query: CallQuery<typeof recentItemsCall> = {}) => http.call(recentItemsCall, { query }),
      byCategory: (query: CallQuery<typeof listingsByCategoryCall>) => http.call(listingsByCategoryCall, { query }),
      detail: (query: CallQuery<typeof listingDetailCall>) => http.call(listingDetailCall, { query }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;
