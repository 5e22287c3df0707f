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
import { adminDashboardCall, homeBannersCall } from '../contract/admin';
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
import { contactCall, referrerCall } from '../contract/content';
import { addFavouriteCall, favouriteRefnumsCall, favouritesCall, removeFavouriteCall } from '../contract/favourites';
import { healthCall } from '../contract/health';
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
} from '../contract/listings';
import { nearestZipCall, updateLocationCall, zipLookupCall } from '../contract/location';
import { notificationsCall } from '../contract/notifications';
import { verifyProfessionCall, verifyProfessionCodeCall } from '../contract/organisations';
import { createReportCall } from '../contract/reports';
import {
  autoSuggestCall,
  brpCall,
  categorySearchCall,
  generalSearchCall,
  merchCall1,
  merchCallV2,
  pivotSearchCall,
  srpCall,
} from '../contract/search';
import { socialAuthCall, socialEmailCall, socialEmailVerifyCall, socialProvidersCall } from '../contract/social';
import { createHttpClient, type HttpClient, type HttpClientOptions } from './http-client';

/** Typed helpers over the contract: `api.listings.detail({ listingRefnum })`. */
export function createApi(options: HttpClientOptions = {}) {
  const http: HttpClient = createHttpClient(options);
  return {
    http,
    health: () => http.call(healthCall),
    admin: {
      dashboard: () => http.call(adminDashboardCall),
    },
    banners: {
      live: (query: CallQuery<typeof homeBannersCall> = {}) => http.call(homeBannersCall, { query }),
    },
    notifications: {
      list: () => http.call(notificationsCall),
    },
    categories: {
      list: () => http.call(categoriesCall),
      all: () => http.call(allCategoriesCall),
      properties: (query: CallQuery<typeof categoryPropertiesCall> = {}) =>
        http.call(categoryPropertiesCall, { query }),
    },
    location: {
      byZip: (zip: string) => http.call(zipLookupCall, { query: { zip } }),
      nearest: (lat: number, lng: number) => http.call(nearestZipCall, { query: { lat, lng } }),
      /** Keep the signed-in person's zip on their account. */
      save: (zip: string) => http.call(updateLocationCall, { query: { zip } }),
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
      socialEmail: (body: CallBody<typeof socialEmailCall>) => http.call(socialEmailCall, { body }),
      socialEmailVerify: (body: CallBody<typeof socialEmailVerifyCall>) => http.call(socialEmailVerifyCall, { body }),
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
        return http.call(uploadProfilePictureCall, { body: form });
      },
      deletePicture: () => http.call(deleteProfilePictureCall),
    },
    search: {
      srp: (body: CallBody<typeof srpCall>) => http.call(srpCall, { body }),
      brp: (body: CallBody<typeof brpCall>) => http.call(brpCall, { body }),
      category: (body: CallBody<typeof categorySearchCall>) => http.call(categorySearchCall, { body }),
      general: (body: CallBody<typeof generalSearchCall>) => http.call(generalSearchCall, { body }),
      pivot: (body: CallBody<typeof pivotSearchCall>) => http.call(pivotSearchCall, { body }),
      merch: (body: CallBody<typeof merchCall1>) => http.call(merchCall1, { body }),
      merchV2: (body: CallBody<typeof merchCallV2>) => http.call(merchCallV2, { body }),
      autoSuggest: (q: string) => http.call(autoSuggestCall, { query: { q } }),
    },
    listings: {
      recent: (query: CallQuery<typeof recentItemsCall> = {}) => http.call(recentItemsCall, { query }),
      byCategory: (query: CallQuery<typeof listingsByCategoryCall>) => http.call(listingsByCategoryCall, { query }),
      detail: (query: CallQuery<typeof listingDetailCall>) => http.call(listingDetailCall, { query }),
      draftRefnum: (query: CallQuery<typeof draftRefnumCall> = {}) => http.call(draftRefnumCall, { query }),
      /** Sends one photo (a File or Blob) as the multipart field `photo`. */
      uploadPicture: (query: CallQuery<typeof uploadPictureCall>, photo: Blob) => {
        const body = new FormData();
        body.append('photo', photo);
        return http.call(uploadPictureCall, { query, body });
      },
      deletePicture: (query: CallQuery<typeof deletePictureCall>) => http.call(deletePictureCall, { query }),
      create: (body: CallBody<typeof createListingCall>) => http.call(createListingCall, { body }),
      markSold: (body: CallBody<typeof markSoldCall>) => http.call(markSoldCall, { body }),
      toggleActive: (body: CallBody<typeof toggleActiveCall>) => http.call(toggleActiveCall, { body }),
      remove: (query: CallQuery<typeof deleteListingCall>) => http.call(deleteListingCall, { query }),
      relist: (body: CallBody<typeof relistCall>) => http.call(relistCall, { body }),
      bySeller: (query: CallQuery<typeof sellerListingsCall>) => http.call(sellerListingsCall, { query }),
    },
    favourites: {
      add: (listingRefnum: string) => http.call(addFavouriteCall, { query: { listingRefnum } }),
      remove: (listingRefnum: string) => http.call(removeFavouriteCall, { query: { listingRefnum } }),
      refnums: () => http.call(favouriteRefnumsCall),
      list: (query: CallQuery<typeof favouritesCall> = {}) => http.call(favouritesCall, { query }),
    },
    reports: {
      create: (body: CallBody<typeof createReportCall>) => http.call(createReportCall, { body }),
    },
    content: {
      contact: (body: CallBody<typeof contactCall>) => http.call(contactCall, { body }),
      referrer: (query: CallQuery<typeof referrerCall>) => http.call(referrerCall, { query }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;
