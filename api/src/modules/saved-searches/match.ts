import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { executeKept } from '../../db/kept-statements';
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

/**
 * The saved searches of `kind` the subject (the CTE `row`, which keeps its place as `at`, an earth
 * point, beside `place_*`, and its lexemes as `words`) matches, by `matches` (the kind's own
 * conditions on `s` and the subject), found by their indexes rather than by reading them all, in
 * parts that never overlap: those whose `reach` box holds the subject's place (GiST) and whose
 * centre lies within their radius of it, split by their text (ADR 0075): the searches with words
 * found with one of the subject's own (GIN, beside the reach: only those can match it), and those
 * without words, each tested; then those with no place, and, when the subject ships (`ships`),
 * the "Ships to you" ones at any distance (which the parts with a place leave to this one). The
 * indexes carry the columns the sales' conditions read (migration 0059), so the parts read few
 * or no table rows; ADR 0068. Answers one row, `subject` (the subject's columns) with the matches'
 * `ids` and `users`.
 */
function matchingSearches(kind: 'sale' | 'rental', row: string, ships: SQL, matches: SQL, subject: SQL): SQL {
  const r = sql.raw(row);
  const columns = sql`s.id, s.user_id`;
  const inReach = sql`s.reach @> ${r}.at and s.kind = ${kind} and s.latitude is not null and not (s.nationwide and ${ships})
        and (point(s.longitude, s.latitude) <@> point(${r}.place_longitude, ${r}.place_latitude)) <= s.miles`;
  const parts = sql`select ${columns} from ${r} join saved_searches s on ${inReach} and s.words && ${r}.words and ${matches}
    union all
    select ${columns} from ${r} join saved_searches s on ${inReach} and s.words is null and ${matches}
    union all
    select ${columns} from ${r} join saved_searches s on s.kind = ${kind} and s.latitude is null and ${matches}
    union all
    select ${columns} from ${r} join saved_searches s
      on ${ships} and s.kind = ${kind} and s.nationwide and s.latitude is not null and ${matches}`;
  // One row: the subject's own columns once, and the matches as two arrays in the same order
  // (thousands of matches are thousands of rows to send and parse otherwise). No row: no match.
  return sql`select ${subject}, found.ids, found.users
    from ${r}, (select array_agg(m.id) as ids, array_agg(m.user_id) as users from (${parts}) m) found
    where found.ids is not null`;
}

/** A listing's conditions of a saved marketplace search `s` beside its place (`l` is the listing). */
const saleMatches = sql`s.user_id <> l.seller_id
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
        or ('freeShipping' = any(s.delivery) and l.offer_free_delivery))`;

/**
 * The reverse search (issue 37): every saved marketplace search the live listing `listingId`
 * matches, in one statement, as `/search/srp` would find it for that search: its text (the
 * listing's `search_document` against the saved query), category, conditions, price, delivery,
 * and distance from the saved zip within its radius (or at any distance when it ships and the
 * search is "Ships to you"). Never the seller's own searches.
 */
export async function salesMatching(db: Db, listingId: number, now: Date): Promise<SavedSearchHit[]> {
  const rows = await executeKept<Record<string, unknown>>(
    db,
    sql`with l as materialized (
      select id, seller_id, organization_id, refnum, title, price_cents, search_document, category_id,
        sub_category_id, condition, shippable, meet_to_deliver, offer_free_delivery, place_latitude, place_longitude,
        ll_to_earth(place_latitude, place_longitude) as at, tsvector_to_array(search_document) as words
      from listings where id = ${listingId} and ${inListingStates(['live'], now)}
    )
    ${matchingSearches(
      'sale',
      'l',
      sql`l.shippable`,
      saleMatches,
      sql`l.title, l.price_cents, l.refnum, l.organization_id`,
    )}`,
  );
  return hitsOf(rows);
}

/**
 * Every saved rental search the available rental `rentalId` matches: text, rent, bedrooms and
 * bathrooms (at least), property type, pets, available by, and distance from the saved zip.
 * Never the landlord's own.
 */
export async function rentalsMatching(db: Db, rentalId: number): Promise<SavedSearchHit[]> {
  const matches = sql`s.user_id <> r.landlord_id
      and (s.query is null or r.search_document @@ s.query)
      and (s.min_price is null or r.rent_cents >= s.min_price)
      and (s.max_price is null or r.rent_cents <= s.max_price)
      and (s.bedrooms is null or r.bedrooms >= s.bedrooms)
      and (s.bathrooms is null or r.bathrooms >= s.bathrooms)
      and (s.property_types is null or r.property_type = any(s.property_types))
      and ${petsAllowed('r')}
      and (s.filters->>'availableBy' is null or r.available_from <= (s.filters->>'availableBy')::date)`;
  const rows = await executeKept<Record<string, unknown>>(
    db,
    sql`with r as materialized (
      select id, landlord_id, refnum, title, rent_cents, search_document, bedrooms, bathrooms, property_type,
        cats, dogs, available_from, place_latitude, place_longitude, ll_to_earth(place_latitude, place_longitude) as at,
        tsvector_to_array(search_document) as words
      from rentals where id = ${rentalId} and state = 'available'
    )
    ${matchingSearches(
      'rental',
      'r',
      sql`false`,
      matches,
      sql`r.title, r.rent_cents as price_cents, r.refnum, null::bigint as organization_id`,
    )}`,
  );
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

/** The statement's row (none without a match) as hits: one for each matching search. */
function hitsOf(rows: Record<string, unknown>[]): SavedSearchHit[] {
  return rows.flatMap((r) => {
    const users = r.users as (number | string)[];
    const organizationId =
      r.organization_id === null || r.organization_id === undefined ? null : Number(r.organization_id);
    return (r.ids as (number | string)[]).map((id, i) => ({
      savedSearchId: Number(id),
      userId: Number(users[i]),
      title: String(r.title),
      priceCents: Number(r.price_cents),
      refnum: String(r.refnum),
      organizationId,
    }));
  });
}
