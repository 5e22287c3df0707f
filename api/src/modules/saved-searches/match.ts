import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { inListingStates } from '../listings/visibility';

/** One saved search a new listing (or rental) matches, with what its notice says. */
export interface SavedSearchHit {
  savedSearchId: number;
  userId: number;
  title: string;
  priceCents: number;
  refnum: string;
  /** The listing's organisation (members-only), null for a public one or a rental. */
  organizationId: number | null;
}

/** The distance condition of a saved search `s` against a row's kept centre (`place_*` of its zip). */
const withinRadius = (row: string, shipsAnywhere: ReturnType<typeof sql>) => sql`(s.latitude is null
  or ${shipsAnywhere}
  or (${sql.raw(row)}.place_latitude is not null
    and (point(s.longitude, s.latitude) <@> point(${sql.raw(row)}.place_longitude, ${sql.raw(row)}.place_latitude)) <= s.miles))`;

/**
 * The saved searches of `kind` the subject (the CTE `row`) may match, found by their indexes
 * rather than by reading them all: those whose `reach` box holds the subject's place (GiST),
 * those with no place, and, when the subject ships, the "Ships to you" ones. Written as `, c as
 * (…)` after the subject's CTE; the exact conditions are the caller's.
 */
function candidates(kind: 'sale' | 'rental', row: string, ships: SQL): SQL {
  const r = sql.raw(row);
  return sql`, c as (
      select s.id from ${r} join saved_searches s
        on s.kind = ${kind} and s.reach @> ll_to_earth(${r}.place_latitude, ${r}.place_longitude)
      union
      select s.id from saved_searches s where s.kind = ${kind} and s.latitude is null
      union
      select s.id from ${r} join saved_searches s on ${ships} and s.kind = ${kind} and s.nationwide
    )`;
}

/**
 * The reverse search (issue 37): every saved marketplace search the live listing `listingId`
 * matches, in one statement, as `/search/srp` would find it for that search: its text (the
 * listing's `search_document` against the saved query), category, conditions, price, delivery,
 * and distance from the saved zip within its radius (or at any distance when it ships and the
 * search is "Ships to you"). Never the seller's own searches.
 */
export async function salesMatching(db: Db, listingId: number, now: Date): Promise<SavedSearchHit[]> {
  const rows = await db.execute(sql`
    with l as (
      select id, seller_id, organization_id, refnum, title, price_cents, search_document, category_id,
        sub_category_id, condition, shippable, meet_to_deliver, offer_free_delivery, place_latitude, place_longitude
      from listings where id = ${listingId} and ${inListingStates(['live'], now)}
    )
    ${candidates('sale', 'l', sql`l.shippable`)}
    select s.id as saved_search_id, s.user_id, l.title, l.price_cents, l.refnum, l.organization_id
    from l join c on true join saved_searches s on s.id = c.id
    where s.user_id <> l.seller_id
      and (s.query is null or l.search_document @@ s.query)
      and (s.category_id is null or s.category_id = l.category_id)
      and (s.sub_category_id is null or s.sub_category_id = l.sub_category_id)
      and (s.conditions is null or l.condition = any(s.conditions))
      and (s.min_price is null or l.price_cents >= s.min_price)
      and (s.max_price is null or l.price_cents <= s.max_price)
      and (not s.free_only or l.price_cents = 0)
      and (s.delivery is null
        or ('shipping' = any(s.delivery) and l.shippable)
        or ('localPickup' = any(s.delivery) and l.meet_to_deliver)
        or ('freeShipping' = any(s.delivery) and l.offer_free_delivery))
      and ${withinRadius('l', sql`(s.nationwide and l.shippable)`)}`);
  return hitsOf(rows);
}

/**
 * Every saved rental search the available rental `rentalId` matches: text, rent, bedrooms and
 * bathrooms (at least), property type, pets, available by, and distance from the saved zip.
 * Never the landlord's own.
 */
export async function rentalsMatching(db: Db, rentalId: number): Promise<SavedSearchHit[]> {
  const rows = await db.execute(sql`
    with r as (
      select id, landlord_id, refnum, title, rent_cents, search_document, bedrooms, bathrooms, property_type,
        cats, dogs, available_from, place_latitude, place_longitude
      from rentals where id = ${rentalId} and state = 'available'
    )
    ${candidates('rental', 'r', sql`false`)}
    select s.id as saved_search_id, s.user_id, r.title, r.rent_cents as price_cents, r.refnum
    from r join c on true join saved_searches s on s.id = c.id
    where s.user_id <> r.landlord_id
      and (s.query is null or r.search_document @@ s.query)
      and (s.min_price is null or r.rent_cents >= s.min_price)
      and (s.max_price is null or r.rent_cents <= s.max_price)
      and (s.bedrooms is null or r.bedrooms >= s.bedrooms)
      and (s.bathrooms is null or r.bathrooms >= s.bathrooms)
      and (s.property_types is null or r.property_type = any(s.property_types))
      and ${petsAllowed('r')}
      and (s.filters->>'availableBy' is null or r.available_from <= (s.filters->>'availableBy')::date)
      and ${withinRadius('r', sql`false`)}`);
  return hitsOf(rows);
}

/**
 * A saved rental search's `pets` as `/rental/search` reads it (rental-search/match.ts): 'cats' or
 * 'dogs' (or a list of them), that one allowed; 'both', both; 'any', either. Read from the saved
 * filters themselves: it is checked only on the searches the indexes already found.
 */
function petsAllowed(row: string): SQL {
  const r = sql.raw(row);
  const pets = sql`s.filters->'pets'`;
  const wants = (pet: 'cats' | 'dogs') => sql`(${pets} @> ${`"${pet}"`}::jsonb or ${pets} = '"both"'::jsonb)`;
  return sql`(${pets} is null
    or (${pets} = '"any"'::jsonb and (${r}.cats or ${r}.dogs))
    or (${pets} <> '"any"'::jsonb and (not ${wants('cats')} or ${r}.cats) and (not ${wants('dogs')} or ${r}.dogs)))`;
}

/** The statement's rows (node-postgres and PGlite both answer `{ rows }`) as hits. */
function hitsOf(result: unknown): SavedSearchHit[] {
  return (result as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    savedSearchId: Number(r.saved_search_id),
    userId: Number(r.user_id),
    title: String(r.title),
    priceCents: Number(r.price_cents),
    refnum: String(r.refnum),
    organizationId: r.organization_id === null || r.organization_id === undefined ? null : Number(r.organization_id),
  }));
}
