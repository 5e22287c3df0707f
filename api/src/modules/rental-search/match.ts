import type { rentalSearchSchema } from '@yardly/shared/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Centre } from '../location/zip-centres';
import type { Radius } from '../search/radius';
import { textMatch } from '../search/text-match';

export type RentalSearchFilters = z.output<typeof rentalSearchSchema>;

/**
 * The SQL pieces of one rental search. `where` is what every facet shares (on the market, text,
 * bathrooms, pets, available by); `radius` narrows it further when there is a centre. The facet
 * filters are kept apart so each facet counts as if its own filter were off (a person widens a
 * choice from its chips, as on the marketplace); a facet not chosen is null, left out of the
 * statement rather than tested as `true` on every row.
 */
export interface RentalMatch {
  where: SQL;
  radius: Radius | null;
  propertyType: SQL | null;
  bedrooms: SQL | null;
  price: SQL | null;
  hasText: boolean;
  hasCentre: boolean;
}

export const RENTAL_FACETS = ['propertyType', 'bedrooms', 'price'] as const;
export type RentalFacet = (typeof RENTAL_FACETS)[number];

/**
 * Only rentals on the market are found (RENTAL_LISTED_STATES). Written as a literal, not a
 * parameter, so that it is the very predicate of the partial indexes of migration 0039.
 */
const onTheMarket = sql`"rentals"."state" = 'available'`;

/** `fuzzy` forgives spelling in the text (`textMatch`); a search tries without first. */
export function buildRentalMatch(filters: RentalSearchFilters, centre: Centre | null, fuzzy = false): RentalMatch {
  const text = filters.text?.trim() ?? '';
  const shared: SQL[] = [onTheMarket];
  if (text) shared.push(textMatch('rentals', text, fuzzy).where);
  if (filters.bathrooms !== undefined) shared.push(sql`"rentals"."bathrooms" >= ${filters.bathrooms}::numeric`);
  const pets = petsMatch(filters.pets);
  if (pets) shared.push(pets);
  if (filters.availableBy) shared.push(sql`"rentals"."available_from" <= ${filters.availableBy}::date`);
  return {
    where: sql.join(shared, sql` and `),
    radius: centre ? { centre, miles: filters.d } : null,
    propertyType: propertyTypeMatch(filters.propertyType),
    bedrooms: filters.bedrooms === undefined ? null : sql`"rentals"."bedrooms" >= ${filters.bedrooms}::int`,
    price: rentMatch(filters),
    hasText: text !== '',
    hasCentre: centre !== null,
  };
}

/** One property type or several (any of them will do); blank values are ignored. */
function propertyTypeMatch(wanted: RentalSearchFilters['propertyType']): SQL | null {
  const values = (typeof wanted === 'string' ? [wanted] : (wanted ?? [])).map((v) => v.trim()).filter(Boolean);
  if (values.length === 0) return null;
  return sql`"rentals"."property_type" = any(array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[])`;
}

/** 'cats' or 'dogs': that one allowed; 'both' (or both listed): both; 'any': either. */
function petsMatch(pets: RentalSearchFilters['pets']): SQL | null {
  if (pets === undefined) return null;
  if (pets === 'any') return sql`("rentals"."cats" or "rentals"."dogs")`;
  const wanted = new Set(pets === 'both' ? ['cats', 'dogs'] : typeof pets === 'string' ? [pets] : pets);
  const parts: SQL[] = [];
  if (wanted.has('cats')) parts.push(sql`"rentals"."cats"`);
  if (wanted.has('dogs')) parts.push(sql`"rentals"."dogs"`);
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : null;
}

/** Monthly rent in cents, both ends included (compared as bigint: the wire sets no upper bound). */
function rentMatch(filters: RentalSearchFilters): SQL | null {
  const parts: SQL[] = [];
  if (filters.minRent !== undefined) parts.push(sql`"rentals"."rent_cents" >= ${filters.minRent}::bigint`);
  if (filters.maxRent !== undefined) parts.push(sql`"rentals"."rent_cents" <= ${filters.maxRent}::bigint`);
  return parts.length ? sql.join(parts, sql` and `) : null;
}
