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
import { healthCall } from '../contract/health';
import { listingDetailCall, listingsByCategoryCall, recentItemsCall } from '../contract/listings';
import { zipLookupCall } from '../contract/location';
import { notificationsCall } from '../contract/notifications';
import { verifyProfessionCall, verifyProfessionCodeCall } from '../contract/organisations';
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
    },
    listings: {
      recent: (query: CallQuery<typeof recentItemsCall> = {}) => http.call(recentItemsCall, { query }),
      byCategory: (query: CallQuery<typeof listingsByCategoryCall>) => http.call(listingsByCategoryCall, { query }),
      detail: (query: CallQuery<typeof listingDetailCall>) => http.call(listingDetailCall, { query }),
    },
    content: {
      contact: (body: CallBody<typeof contactCall>) => http.call(contactCall, { body }),
      referrer: (query: CallQuery<typeof referrerCall>) => http.call(referrerCall, { query }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;
