import { toQueryString } from '../client/query-string';
import { formatCents } from './money';

/** A saved search is of the marketplace's listings or of the rentals. */
export const SAVED_SEARCH_KINDS = ['sale', 'rental'] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];

/** Issue 37: at most 25 saved searches a person; a name of at most 60 characters. */
export const SAVED_SEARCH_LIMITS = { perPerson: 25, nameMax: 60 } as const;

export const savedSearchMessages = {
  nameRequired: 'Give this search a name',
  nameTooLong: `A search name can be at most ${SAVED_SEARCH_LIMITS.nameMax} characters`,
  tooMany: `You can keep at most ${SAVED_SEARCH_LIMITS.perPerson} saved searches. Delete one to save another.`,
  notFound: 'This saved search does not exist or is not yours',
  unknownCategory: 'This category does not exist: choose one from the list',
  saved: 'Search saved. We will tell you when something new matches it.',
  deleted: 'Saved search deleted',
  digestSubject: 'New listings matching your saved searches',
  digestIntro: 'These listings matched your saved searches today:',
} as const;

/** The in-app notice and push of a saved search's match, the words with the whole title: "New near you: Red bike, $80.00". */
export function savedSearchAlertText(title: string, priceCents: number): string {
  return `New near you: ${title}, ${formatCents(priceCents)}`;
}

/** What everyone who hearted a listing is told when its price goes down: "Price dropped to $60.00 on Red bike". */
export function priceDropText(title: string, priceCents: number): string {
  return `Price dropped to ${formatCents(priceCents)} on ${title}`;
}

/** The filters a saved search keeps, as far as its results page reads them. */
export interface SavedSaleFilters {
  q?: string;
  categoryRefnum?: string;
  subCategoryRefnum?: string;
  conditions?: readonly string[];
  delivery?: readonly string[];
  minPrice?: number;
  maxPrice?: number;
  freeOnly?: boolean;
  d?: number;
  nationwide?: boolean;
  zip?: string;
  sortBy?: string;
  sortOrder?: string;
}

export interface SavedRentalFilters {
  zip: string;
  d?: number;
  text?: string;
  minRent?: number;
  maxRent?: number;
  bedrooms?: number;
  bathrooms?: number;
  propertyType?: string | readonly string[];
  pets?: string | readonly string[];
  availableBy?: string;
  sortBy?: string;
}

/**
 * Where a saved search opens: the marketplace's /products (its query's names: `category`,
 * `subcategory`) or the rentals' /rentalslist, with the search's filters.
 */
export function savedSearchResultsPath(
  search: { kind: 'sale'; filters: SavedSaleFilters } | { kind: 'rental'; filters: SavedRentalFilters },
): string {
  if (search.kind === 'rental') {
    const f = search.filters;
    const types =
      f.propertyType === undefined ? undefined : typeof f.propertyType === 'string' ? [f.propertyType] : f.propertyType;
    const qs = toQueryString({
      zip: f.zip,
      d: f.d,
      text: f.text || undefined,
      minRent: f.minRent,
      maxRent: f.maxRent,
      bedrooms: f.bedrooms,
      bathrooms: f.bathrooms,
      propertyType: types,
      pets: typeof f.pets === 'string' ? f.pets : undefined,
      availableBy: f.availableBy,
      sortBy: f.sortBy,
    });
    return qs ? `/rentalslist?${qs}` : '/rentalslist';
  }
  const f = search.filters;
  const qs = toQueryString({
    q: f.q || undefined,
    category: f.categoryRefnum,
    subcategory: f.subCategoryRefnum,
    conditions: f.conditions,
    delivery: f.delivery,
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    freeOnly: f.freeOnly || undefined,
    d: f.d,
    nationwide: f.nationwide || undefined,
    zip: f.zip,
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
  });
  return qs ? `/products?${qs}` : '/products';
}
