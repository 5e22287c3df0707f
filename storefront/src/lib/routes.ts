/** Where things live on the site: one place that builds the storefront's own links. */
import { toQueryString } from '@yardly/shared/client';
import { clientPath, type OrganisationFlowPage } from '@yardly/shared/rules';
import type { ProductQuery } from './product-query';

/**
 * A flow page's address: the public one, or in an organisation's marketplace (`orgName`) its
 * `/client/{orgName}/…` one (spec section 2, Organisation paths).
 */
export function flowPagePath(page: OrganisationFlowPage, orgName?: string | null): string {
  return orgName ? clientPath(orgName, page) : page;
}

export function itemPath(listingRefnum: string): string {
  return `/${listingRefnum}`;
}

/** The rentals' search results (rental-query.ts builds its full address); the header's rentals search box posts here. */
export const RENTALS_LIST_PATH = '/rentalslist';

export type ProductListQuery = Partial<ProductQuery>;

/**
 * A /products URL: arrays in bracket format with a pipe (spec section 9), page 1 left out; in an
 * organisation's marketplace, its `/client/{orgName}/products`.
 */
export function productsPath(query: ProductListQuery = {}, orgName?: string | null): string {
  const qs = toQueryString({
    q: query.q || undefined,
    category: query.category || undefined,
    subcategory: query.subcategory || undefined,
    conditions: query.conditions,
    delivery: query.delivery,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    freeOnly: query.freeOnly || undefined,
    d: query.d,
    zip: query.zip,
    nationwide: query.nationwide || undefined,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    searchType: query.searchType,
    page: query.page && query.page > 1 ? query.page : undefined,
    size: query.size,
  });
  const path = flowPagePath('/products', orgName);
  return qs ? `${path}?${qs}` : path;
}
