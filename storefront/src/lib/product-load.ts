import { type Api, ApiError } from '@yardly/shared/client';
import type { OrganisationHome, SearchFilters, SearchResult } from '@yardly/shared/contract';
import { type PlaceCookie, parsePlaceCookie } from '../stores/location';
import { logFailure } from './log-failure';
import { type ProductQuery, readProductQuery, searchFiltersFor } from './product-query';

export type ValidatedQuery = ProductQuery & { valid: boolean };

/** The organisation whose marketplace a product list shows (its members only). */
export type ListOrganisation = Pick<OrganisationHome, 'orgName' | 'orgRefnum'> &
  /** Sales between its members pay no commission (the sell form shows the whole price as the payout). */
  Partial<Pick<OrganisationHome, 'commissionWaived'>>;

/**
 * A page of /products: null for a query that cannot be valid (nothing to search). A zip the
 * api no longer knows searches everywhere rather than fail. In an organisation's marketplace,
 * the category query with its orgRefnum and company (spec section 3), which sends the token.
 */
export async function fetchProducts(
  api: Api,
  query: ValidatedQuery,
  place: PlaceCookie | null,
  org?: ListOrganisation,
): Promise<SearchResult | null> {
  if (!query.valid) return null;
  const filters = searchFiltersFor(query, place);
  try {
    if (org) return await api.search.category(organisationFilters(filters, org));
    const type = query.searchType ?? (query.q ? 'srp' : 'brp');
    return await (type === 'srp' ? api.search.srp(filters) : api.search.brp(filters));
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 400 && place) return fetchProducts(api, query, null, org);
    throw cause;
  }
}

/**
 * The filters of an organisation's list: its listings only. The category query's own defaults
 * (cheapest first, 11 a page) are the spec's for category data; the list keeps /products' sort
 * (best match for a text, else newest) unless one was chosen.
 */
export function organisationFilters(filters: SearchFilters, org: ListOrganisation): SearchFilters {
  const sortBy = filters.sortBy ?? (filters.q ? 'relevance' : 'newest');
  const sortOrder = filters.sortOrder ?? (sortBy === 'currentPrice' || sortBy === 'distance' ? 'asc' : 'desc');
  return { ...filters, sortBy, sortOrder, orgRefnum: org.orgRefnum, company: org.orgName };
}

/** What the server rendered /products with, handed to the island so it starts from the same list. */
export interface ProductListStart {
  query: ValidatedQuery;
  place: PlaceCookie | null;
  /** The page found; null when the api could not be reached (the list says so). */
  result: SearchResult | null;
}

/** The list for the address and the visitor's place (its cookie), on the server. */
export async function loadProductList(
  api: Api,
  search: string,
  placeCookie: string | undefined,
): Promise<ProductListStart> {
  const query = readProductQuery(search);
  const place = parsePlaceCookie(placeCookie);
  try {
    return { query, place, result: (await fetchProducts(api, query, place)) ?? EMPTY_RESULT };
  } catch (cause) {
    logFailure('storefront: could not load the product list', cause);
    return { query, place, result: null };
  }
}

export const EMPTY_RESULT: SearchResult = {
  data: { docs: [], totalElements: 0, number: 0, size: 0 },
  datastats: { minPrice: null, maxPrice: null },
  facetcount: { facetFields: { category: [], subCategory: [], condition: [], price: [], delivery: [] } },
  facetpivot: { pivotFields: [] },
};
