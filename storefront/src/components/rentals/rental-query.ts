import { type Api, fromQueryString, toQueryString } from '@yardly/shared/client';
import { RENTAL_PET_FILTERS, type RENTAL_SORTS, type RentalSearch, rentalSearchFields } from '@yardly/shared/contract';
import { RENTALS_LIST_PATH } from '../../lib/routes';

/** Places a results page shows, and the sizes a person may pick. */
export const RENTAL_PAGE_SIZES = [24, 48, 96] as const;
export const RENTAL_DEFAULT_DISTANCE = 25;
/** The distances offered, in miles. */
export const RENTAL_DISTANCES = [5, 10, 25, 50, 100] as const;

/** What `POST /rental/search` answers: a page of places and the facets. */
export type RentalSearchResult = Awaited<ReturnType<Api['rentals']['search']>>;

export type RentalSort = (typeof RENTAL_SORTS)[number];
export type RentalPets = (typeof RENTAL_PET_FILTERS)[number];

/**
 * What /rentalslist shows, as read from its URL. Rents are integer cents, as the api takes them
 * and as /products carries its prices (the inputs show dollars); page is one-based there.
 */
export interface RentalListQuery {
  /** Null: near the visitor's location (or nowhere until one is chosen). */
  zip: string | null;
  d: number;
  text?: string;
  minRent?: number;
  maxRent?: number;
  bedrooms?: number;
  bathrooms?: number;
  propertyType?: string[];
  pets?: RentalPets;
  availableBy?: string;
  sortBy: RentalSort;
  page: number;
  size: number;
}

const fields = rentalSearchFields.shape;
type Fields = typeof fields;
type Parsed = { [K in keyof Fields]: ReturnType<Fields[K]['parse']> };

/** A URL value checked by the api's own schema for that field; a bad one is left out. */
function field<K extends keyof Fields>(key: K, raw: unknown): Parsed[K] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const parsed = fields[key].safeParse(raw);
  return parsed.success ? (parsed.data as Parsed[K]) : undefined;
}

function whole(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || !/^\d+$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : fallback;
}

/** The filters in a /rentalslist address; anything malformed is dropped rather than refused. */
export function readRentalQuery(search: string): RentalListQuery {
  const raw = fromQueryString(search);
  const one = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : undefined);
  const many = (key: string) => {
    const value = raw[key];
    if (value === undefined || value === '') return undefined;
    return Array.isArray(value) ? value : [value];
  };
  const types = (many('propertyType') ?? []).filter((t) => field('propertyType', t) !== undefined && t.trim() !== '');
  const pets = one('pets');
  let minRent = field('minRent', one('minRent'));
  let maxRent = field('maxRent', one('maxRent'));
  // Swapped bounds are a person's slip: read them the right way round.
  if (minRent !== undefined && maxRent !== undefined && minRent > maxRent) [minRent, maxRent] = [maxRent, minRent];
  const query: RentalListQuery = {
    zip: field('zip', one('zip')) ?? null,
    d: field('d', one('d')) ?? RENTAL_DEFAULT_DISTANCE,
    sortBy: field('sortBy', one('sortBy')) ?? 'newest',
    page: whole(one('page'), 1, 10_000),
    size: whole(one('size'), RENTAL_PAGE_SIZES[0], 100),
  };
  const optional: Partial<RentalListQuery> = {
    text: field('text', one('text')) || undefined,
    minRent,
    maxRent,
    bedrooms: field('bedrooms', one('bedrooms')),
    bathrooms: field('bathrooms', one('bathrooms')),
    propertyType: types.length ? types : undefined,
    pets: pets && (RENTAL_PET_FILTERS as readonly string[]).includes(pets) ? (pets as RentalPets) : undefined,
    availableBy: field('availableBy', one('availableBy')),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (query as unknown as Record<string, unknown>)[key] = value;
  }
  return query;
}

/** A /rentalslist address: defaults and page 1 left out; one type as `propertyType=`, several as `propertyType[]=a|b`. */
export function rentalsListPath(query: Partial<RentalListQuery> = {}): string {
  const types = query.propertyType ?? [];
  const qs = toQueryString({
    zip: query.zip ?? undefined,
    d: query.d !== undefined && query.d !== RENTAL_DEFAULT_DISTANCE ? query.d : undefined,
    text: query.text || undefined,
    minRent: query.minRent,
    maxRent: query.maxRent,
    bedrooms: query.bedrooms,
    bathrooms: query.bathrooms,
    propertyType: types.length === 1 ? types[0] : types.length > 1 ? types : undefined,
    pets: query.pets,
    availableBy: query.availableBy,
    sortBy: query.sortBy && query.sortBy !== 'newest' ? query.sortBy : undefined,
    page: query.page && query.page > 1 ? query.page : undefined,
    size: query.size && query.size !== RENTAL_PAGE_SIZES[0] ? query.size : undefined,
  });
  return qs ? `${RENTALS_LIST_PATH}?${qs}` : RENTALS_LIST_PATH;
}

/** The `POST /rental/search` body for a query near `zip` (the query's own, else the visitor's). */
export function rentalSearchBody(query: RentalListQuery, zip: string): RentalSearch {
  return {
    zip,
    d: query.d,
    text: query.text,
    minRent: query.minRent,
    maxRent: query.maxRent,
    bedrooms: query.bedrooms,
    bathrooms: query.bathrooms,
    propertyType: query.propertyType && query.propertyType.length === 1 ? query.propertyType[0] : query.propertyType,
    pets: query.pets,
    availableBy: query.availableBy,
    sortBy: query.sortBy,
    page: query.page - 1,
    size: query.size,
  };
}

/** What counts as a new search for the guest prompt: everything but the page turned. */
export function searchIdentity(query: RentalListQuery, zip: string | null): string {
  return JSON.stringify({ ...query, zip, page: 1 });
}

/** A price facet's value ('100000-150000', '300000-') as rent bounds in cents. */
export function rentBand(value: string): { minRent?: number; maxRent?: number } {
  const match = /^(\d+)-(\d*)$/.exec(value);
  if (!match) return {};
  return { minRent: Number(match[1]), maxRent: match[2] ? Number(match[2]) : undefined };
}

/** Whether a query names any filter (the results' 'Clear filters' shows then). */
export function hasFilters(query: RentalListQuery): boolean {
  return (
    query.text !== undefined ||
    query.minRent !== undefined ||
    query.maxRent !== undefined ||
    query.bedrooms !== undefined ||
    query.bathrooms !== undefined ||
    query.propertyType !== undefined ||
    query.pets !== undefined ||
    query.availableBy !== undefined
  );
}
