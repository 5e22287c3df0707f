import type { CallQuery } from '../contract/call';
import { allCategoriesCall, categoriesCall, categoryPropertiesCall } from '../contract/categories';
import { healthCall } from '../contract/health';
import { listingDetailCall, listingsByCategoryCall, recentItemsCall } from '../contract/listings';
import { zipLookupCall } from '../contract/location';
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
    listings: {
      recent: (query: CallQuery<typeof recentItemsCall> = {}) => http.call(recentItemsCall, { query }),
      byCategory: (query: CallQuery<typeof listingsByCategoryCall>) => http.call(listingsByCategoryCall, { query }),
      detail: (query: CallQuery<typeof listingDetailCall>) => http.call(listingDetailCall, { query }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;
