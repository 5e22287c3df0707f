import { z } from 'zod';
import { zipCodeSchema } from '../rules/address';
import { SEARCH_LIMITS, searchMessages } from '../rules/search';
import { defineCall } from './call';
import { centsSchema, flagSchema, pageOf, refnumSchema } from './common';
import { listingCardSchema } from './listings';

/** Sort keys of the product list (spec section 9: sortBy, sortOrder). */
export const SEARCH_SORTS = ['relevance', 'currentPrice', 'distance', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
/**
 * Spec section 9's `searchType` query parameter: which of section 7's searches a list runs.
 * `srp` searches by text (a text is needed), `brp` browses (a text is left aside). ADR 0061.
 */
export const SEARCH_TYPES = ['srp', 'brp'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** How an item reaches the buyer: the delivery facet. */
export const DELIVERY_OPTIONS = ['shipping', 'localPickup', 'freeShipping'] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

/**
 * The price facet's ranges in cents, inclusive at both ends, so a range chip is exactly the
 * filter `minPrice`/`maxPrice` (cents) that selects it.
 */
export const PRICE_RANGES = [
  { key: 'free', label: 'Free', minCents: 0, maxCents: 0 },
  { key: 'under-25', label: 'Under $25', minCents: 1, maxCents: 2499 },
  { key: '25-50', label: '$25 to $50', minCents: 2500, maxCents: 4999 },
  { key: '50-100', label: '$50 to $100', minCents: 5000, maxCents: 9999 },
  { key: '100-250', label: '$100 to $250', minCents: 10_000, maxCents: 24_999 },
  { key: '250-up', label: '$250 and up', minCents: 25_000, maxCents: null },
] as const;

export const DEFAULT_DISTANCE_MILES = 50;

const LAT_LNG = /^\s*-?\d{1,2}(\.\d{1,10})?\s*,\s*-?\d{1,3}(\.\d{1,10})?\s*$/;
/** The highest price filter, $1,000,000, in cents as the wire carries it. */
const MAX_PRICE_FILTER_CENTS = 100_000_000;
/** A price filter in integer cents (people type dollars; the form converts with rules/money). */
const cents = z.coerce
  .number({ message: searchMessages.price })
  .int(searchMessages.price)
  .min(0, searchMessages.price)
  .max(MAX_PRICE_FILTER_CENTS, searchMessages.price);

/** The fields of a search, each on its own (the storefront checks URL parameters one by one). */
export const searchFilterFields = z.object({
  q: z.string().max(SEARCH_LIMITS.qMax, searchMessages.qTooLong).optional(),
  zip: zipCodeSchema.optional(),
  /** 'lat,lng': used when there is no zip. */
  location: z.string().max(64, searchMessages.location).regex(LAT_LNG, searchMessages.location).optional(),
  /** Miles around the zip or location. */
  d: z.coerce
    .number({ message: searchMessages.dNegative })
    .min(0, searchMessages.dNegative)
    .max(SEARCH_LIMITS.dMax, searchMessages.dTooFar)
    .default(DEFAULT_DISTANCE_MILES),
  categoryRefnum: refnumSchema.optional(),
  subCategoryRefnum: refnumSchema.optional(),
  /** Condition labels, as the condition facet offers them ('Like New'). */
  conditions: z.array(z.string().max(40)).max(SEARCH_LIMITS.arrayMax, searchMessages.tooMany).optional(),
  /** Integer cents, inclusive. */
  minPrice: cents.optional(),
  maxPrice: cents.optional(),
  delivery: z.array(z.enum(DELIVERY_OPTIONS)).max(DELIVERY_OPTIONS.length).optional(),
  freeOnly: flagSchema.optional(),
  /**
   * Issue 33, "Ships to you": listings that ship are found at any distance; the radius `d` still
   * bounds the pickup-only ones. Needs a zip or location (without one every listing is found).
   */
  nationwide: flagSchema.default(false),
  sortBy: z.enum(SEARCH_SORTS).optional(),
  sortOrder: z.enum(SORT_ORDERS).optional(),
  searchType: z.enum(SEARCH_TYPES).optional(),
  page: z.coerce.number().int().min(0).max(SEARCH_LIMITS.pageMax, searchMessages.pageTooFar).default(0),
  size: z.coerce.number().int().min(1).max(SEARCH_LIMITS.sizeMax, searchMessages.sizeTooBig).default(25),
  /** Organisation flow: only listings of this organisation's members. */
  orgRefnum: refnumSchema.optional(),
  company: z.string().max(100).optional(),
});

/** A search's filters with its price bounds in order (a saved search checks its own with it). */
export function withPriceOrder<T extends z.ZodType<{ minPrice?: number; maxPrice?: number }>>(schema: T) {
  return schema.refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    message: searchMessages.priceOrder,
    path: ['minPrice'],
  });
}

/** Every filter of a search; the same object the storefront keeps in the URL. */
export const searchFiltersSchema = withPriceOrder(searchFilterFields);
export type SearchFilters = z.input<typeof searchFiltersSchema>;
export type ParsedSearchFilters = z.output<typeof searchFiltersSchema>;

/** A found listing: its card, and the distance in whole miles (null without a location). */
export const searchDocSchema = listingCardSchema.extend({
  distance: z.number().int().nullable(),
  /** Whole miles between the searcher's zip centre and the listing's; null without a zip or location. */
  distanceMiles: z.number().int().nullable(),
  /** What shipping it costs the buyer, in cents (its weight class, 0 with free shipping); null when pickup only. */
  shippingPriceCents: centsSchema.nullable(),
  /** The general search with a token: whether the caller saved this listing. */
  isFavourite: z.boolean().optional(),
});
export type SearchDoc = z.infer<typeof searchDocSchema>;

export const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

export const pivotSchema = z.object({
  value: refnumSchema,
  label: z.string(),
  count: z.number().int(),
  pivot: z.array(facetValueSchema),
});
export type Pivot = z.infer<typeof pivotSchema>;

/** A search answer: the envelope's `data` plus its siblings (spec section 3, Search results). */
export const searchResultSchema = z.object({
  data: pageOf(searchDocSchema),
  /** Lowest and highest price (cents) of everything matched; null when nothing is. */
  datastats: z.object({ minPrice: z.number().int().nullable(), maxPrice: z.number().int().nullable() }),
  facetcount: z.object({
    facetFields: z.object({
      category: z.array(facetValueSchema),
      subCategory: z.array(facetValueSchema),
      /** value and label are the condition's label ('Like New'), the value `conditions` takes. */
      condition: z.array(facetValueSchema),
      price: z.array(facetValueSchema),
      delivery: z.array(facetValueSchema),
    }),
  }),
  facetpivot: z.object({ pivotFields: z.array(pivotSchema) }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Spec section 7: category data is page 0, size 11, d 50, sortOrder asc, sortBy currentPrice. */
export const CATEGORY_SEARCH_DEFAULTS = { page: 0, size: 11, d: 50, sortOrder: 'asc', sortBy: 'currentPrice' } as const;
export const categorySearchSchema = withPriceOrder(
  searchFilterFields.extend({
    page: searchFilterFields.shape.page.default(CATEGORY_SEARCH_DEFAULTS.page),
    size: searchFilterFields.shape.size.default(CATEGORY_SEARCH_DEFAULTS.size),
    d: searchFilterFields.shape.d.default(CATEGORY_SEARCH_DEFAULTS.d),
    sortBy: z.enum(SEARCH_SORTS).default(CATEGORY_SEARCH_DEFAULTS.sortBy),
    sortOrder: z.enum(SORT_ORDERS).default(CATEGORY_SEARCH_DEFAULTS.sortOrder),
  }),
);
const searchCall = <B extends typeof searchFiltersSchema | typeof categorySearchSchema>(
  path: string,
  summary: string,
  auth: 'none' | 'optional',
  body: B,
) =>
  defineCall({
    method: 'POST',
    path,
    root: true,
    flat: true,
    auth,
    summary,
    body,
    response: searchResultSchema,
  });

export const srpCall = searchCall('/search/srp', 'Search by text near a zip, with facets', 'none', searchFiltersSchema);
export const brpCall = searchCall(
  '/search/brp',
  'Browse a category near a zip, with facets',
  'none',
  searchFiltersSchema,
);
export const generalSearchCall = searchCall(
  '/search',
  "Search as the signed-in person: leaves out the caller's own listings",
  'optional',
  searchFiltersSchema,
);
export const pivotSearchCall = searchCall(
  '/search/pivot',
  'Category to subcategory counts of a search',
  'optional',
  searchFiltersSchema,
);

export const categorySearchCall = searchCall(
  '/search/category',
  "A category's listings near a zip, cheapest first (a company's listings need a sign-in)",
  'optional',
  categorySearchSchema,
);

/** One home rail (spec: carasoul_data). */
export const merchRailSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** Where "See all" leads: a /products query. */
  link: z.string(),
  docs: z.array(searchDocSchema),
});
export type MerchRail = z.infer<typeof merchRailSchema>;

export const merchQuerySchema = z.object({
  zip: searchFilterFields.shape.zip,
  location: searchFilterFields.shape.location,
  d: searchFilterFields.shape.d,
  size: z.coerce.number().int().min(1).max(24, searchMessages.railTooBig).default(12),
});

const merchCall = (path: string, summary: string) =>
  defineCall({
    method: 'POST',
    path,
    root: true,
    flat: true,
    auth: 'none',
    summary,
    body: merchQuerySchema,
    response: z.object({ carasoul_data: z.array(merchRailSchema) }),
  });
export const merchCall1 = merchCall('/search/merch', 'Home rails: near you, free near you, just listed');
export const merchCallV2 = merchCall('/search/merch/v2', 'Home rails, plus one per category shortcut');

export const suggestionSchema = z.object({
  kind: z.enum(['title', 'category']),
  text: z.string(),
  /** For a category: its refnum, to browse it. */
  categoryRefnum: refnumSchema.nullable(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const autoSuggestCall = defineCall({
  method: 'GET',
  path: '/search/auto-suggest',
  root: true,
  auth: 'optional',
  summary: 'Titles and categories for what is typed, typo-tolerant',
  query: z.object({ q: z.string().max(SEARCH_LIMITS.qMax, searchMessages.qTooLong).default('') }),
  response: z.object({ suggestions: z.array(suggestionSchema) }),
});

export const searchCalls = {
  srp: srpCall,
  brp: brpCall,
  category: categorySearchCall,
  general: generalSearchCall,
  pivot: pivotSearchCall,
  merch: merchCall1,
  merchV2: merchCallV2,
  autoSuggest: autoSuggestCall,
} as const;
