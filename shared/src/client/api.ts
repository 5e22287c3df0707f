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
import { nearestZipCall, updateLocationCall, zipLookupCall } from '../contract/location';
import { verifyProfessionCall, verifyProfessionCodeCall } from '../contract/organisations';
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
      verifyProfession: (body: CallBody<typeof verifyProfessionCall>) => http.call(verifyProfessionCall, { body }),
      verifyProfessionCode: (body: CallBody<typeof verifyProfessionCodeCall>) =>
        http.call(verifyProfessionCodeCall, { body }),
    },
    account: {
      changePassword: (body: CallBody<typeof changePasswordCall>) => http.call(changePasswordCall, { body }),
      updateEmail: (body: CallBody<typeof updateEmailCall>) => http.call(updateEmailCall, { body }),
      verifyUpdatableEmail: (body: CallBody<typeof verifyUpdatableEmailCall>) =>
        http.call(verifyUpdatableEmailCall, { body }),
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
    },
  };
}

export type Api = ReturnType<typeof createApi>;
