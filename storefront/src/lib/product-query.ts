import { fromQueryString } from '@yardly/shared/client';
import {
  type DeliveryOption,
  isRefnum,
  type ParsedSearchFilters,
  type SearchFilters,
  type SearchSort,
  type SearchType,
  searchFilterFields,
} from '@yardly/shared/contract';
import { PAGE_SIZES } from '@yardly/shared/rules';
import type { StoredLocation } from '../stores/location';

/** The sizes a person can pick on a product list; the default comes first. */
export const PRODUCT_PAGE_SIZES = [PAGE_SIZES.default, 50, 100] as const;

/** What /products shows, as read from its URL (page is one-based there). */
export interface ProductQuery {
  /** A category refnum; null lists every category. */
  category: string | null;
  subcategory: string | null;
  page: number;
  size: number;
  q?: string;
  conditions?: string[];
  delivery?: DeliveryOption[];
  /** Integer cents, as the api takes them (the price inputs show dollars). */
  minPrice?: number;
  maxPrice?: number;
  freeOnly?: boolean;
  /** Miles around the visitor's location. */
  d?: number;
  /** A place named in the address (a saved search's, a shared link's): searched around it, not the visitor's own. */
  zip?: string;
  /** "Ships to you": listings that ship found at any distance (the distance bounds pickup only). */
  nationwide?: boolean;
  sortBy?: SearchSort;
  sortOrder?: 'asc' | 'desc';
  /** Spec section 9: `srp` searches by the text, `brp` browses; without it, a text means srp. */
  searchType?: SearchType;
}

/** A whole number from the URL within 1..max, or the fallback. */
export function positiveInt(value: string | null, fallback: number, max: number): number {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
}

/** A URL parameter checked by the api's own schema for it; a bad one is left out. */
function field<K extends keyof ParsedSearchFilters>(key: K, raw: unknown): ParsedSearchFilters[K] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const parsed = searchFilterFields.shape[key].safeParse(raw);
  return parsed.success ? (parsed.data as ParsedSearchFilters[K]) : undefined;
}

export function readProductQuery(search: string): ProductQuery & { valid: boolean } {
  const raw = fromQueryString(search);
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : null);
  const category = text('category');
  const subcategory = text('subcategory');
  const query: ProductQuery & { valid: boolean } = {
    category: category || null,
    subcategory: subcategory || null,
    page: positiveInt(text('page'), 1, 10_000),
    size: positiveInt(text('size'), PAGE_SIZES.default, 100),
    // A mistyped refnum can match nothing: say "No results" without asking the api.
    valid: (!category || isRefnum(category)) && (!subcategory || isRefnum(subcategory)),
  };
  const optional: Partial<ProductQuery> = {
    q: field('q', raw.q)?.trim() || undefined,
    conditions: field('conditions', raw.conditions),
    delivery: field('delivery', raw.delivery),
    minPrice: field('minPrice', raw.minPrice),
    maxPrice: field('maxPrice', raw.maxPrice),
    freeOnly: field('freeOnly', raw.freeOnly) || undefined,
    d: raw.d === undefined ? undefined : field('d', raw.d),
    zip: field('zip', raw.zip),
    nationwide: field('nationwide', raw.nationwide) || undefined,
    sortBy: field('sortBy', raw.sortBy),
    sortOrder: field('sortOrder', raw.sortOrder),
    searchType: field('searchType', raw.searchType),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (query as unknown as Record<string, unknown>)[key] = value;
  }
  return query;
}

/** The api's filters for a product query: near the address's zip, else the visitor's place when they chose one. */
export function searchFiltersFor(query: ProductQuery, place: StoredLocation | null): SearchFilters {
  return {
    q: query.q,
    zip: query.zip ?? place?.zip,
    d: query.d,
    categoryRefnum: query.category ?? undefined,
    subCategoryRefnum: query.subcategory ?? undefined,
    conditions: query.conditions,
    delivery: query.delivery,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    freeOnly: query.freeOnly,
    nationwide: query.nationwide,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    searchType: query.searchType,
    page: query.page - 1,
    size: query.size,
  };
}
