import { type ParsedSearchFilters, PRICE_RANGES } from '@yardly/shared/contract';
import { CONDITION_CODES, conditionLabel } from '@yardly/shared/rules';
import { type SQL, sql } from 'drizzle-orm';
import { liveListing } from '../listings/live';
import type { Centre } from '../location/zip-centres';
import type { Marketplace } from '../organisation-marketplace/visibility';
import type { Radius } from './radius';
import { textMatch } from './text-match';

/**
 * Who is searching, when it matters: the marketplace searched (the public one unless the
 * organisation flow asks for the caller's organisation's), and the caller, whose own listings
 * the general search leaves out.
 */
export interface Searcher {
  userId?: number;
  marketplace?: Marketplace;
}

/**
 * The SQL pieces of one search. `where` is what every facet shares (live, text, free, seller);
 * `radius` narrows it further when there is a centre. The facet filters are kept apart so each
 * facet can count as if its own filter were off, which is what lets a person widen a choice
 * from the chips; a facet not chosen is null, so the statement leaves it out rather than test
 * `true` on every row.
 */
export interface Match {
  where: SQL;
  rank: SQL;
  radius: Radius | null;
  category: SQL | null;
  condition: SQL | null;
  price: SQL | null;
  delivery: SQL | null;
  hasText: boolean;
  hasCentre: boolean;
  /**
   * "Ships to you" (issue 33): the radius bounds only the listings that do not ship; the others
   * are found at any distance. Only with a centre: without one nothing is bounded anyway.
   */
  nationwide: boolean;
  fuzzy: boolean;
  /**
   * An organisation's marketplace: its listings are few and read from their own index
   * (`listings_organization_idx`), so its page is cut from all of them, never cell by cell.
   */
  inOrganisation: boolean;
  /** Free items only (`where` holds it too): the counts kept ahead take it by their price range. */
  freeOnly: boolean;
  /** The signed-in searcher, whose own listings `where` leaves out (the counts kept ahead hold them). */
  searcherId: number | null;
  /** The clock's time the search is made at: what is live, and the cards' states and offer counts. */
  now: Date;
}

/** `fuzzy` forgives spelling in the text (`textMatch`); a search tries without first. */
export function buildMatch(
  filters: ParsedSearchFilters,
  centre: Centre | null,
  now: Date,
  searcher?: Searcher,
  fuzzy = false,
): Match {
  const q = filters.q?.trim() ?? '';
  const shared: SQL[] = [liveListing(now, searcher?.marketplace)];
  let rank: SQL = sql`0::real`;
  if (q) {
    const text = textMatch('listings', q, fuzzy);
    shared.push(text.where);
    rank = text.rank;
  }
  if (filters.freeOnly) shared.push(sql`"listings"."price_cents" = 0`);
  if (searcher?.userId !== undefined) shared.push(sql`"listings"."seller_id" <> ${searcher.userId}`);
  return {
    where: sql.join(shared, sql` and `),
    rank,
    radius: centre ? { centre, miles: filters.d } : null,
    category: categoryMatch(filters),
    condition: filters.conditions?.length
      ? sql`"listings"."condition" = any(${sqlTextArray(conditionCodes(filters.conditions))})`
      : null,
    price: priceMatch(filters),
    delivery: deliveryMatch(filters),
    hasText: q !== '',
    hasCentre: centre !== null,
    nationwide: centre !== null && filters.nationwide,
    fuzzy,
    inOrganisation: (searcher?.marketplace?.organizationId ?? null) !== null,
    freeOnly: filters.freeOnly === true,
    searcherId: searcher?.userId ?? null,
    now,
  };
}

function categoryMatch(filters: ParsedSearchFilters): SQL | null {
  const parts: SQL[] = [];
  if (filters.categoryRefnum) {
    parts.push(sql`"listings"."category_id" = (select id from categories where refnum = ${filters.categoryRefnum})`);
  }
  if (filters.subCategoryRefnum) {
    parts.push(
      sql`"listings"."sub_category_id" = (select id from categories where refnum = ${filters.subCategoryRefnum})`,
    );
  }
  return parts.length ? sql.join(parts, sql` and `) : null;
}

/**
 * The wire filters by the labels the condition facet shows ('Like New'); the column holds codes.
 * A label matches ignoring case; a code is taken as it is; anything else matches nothing.
 */
export function conditionCodes(labels: string[]): string[] {
  return labels.map((text) => {
    const wanted = text.trim().toLowerCase();
    return CONDITION_CODES.find((code) => code === wanted || conditionLabel(code).toLowerCase() === wanted) ?? text;
  });
}

function priceMatch(filters: ParsedSearchFilters): SQL | null {
  const parts: SQL[] = [];
  if (filters.minPrice !== undefined) parts.push(sql`"listings"."price_cents" >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) parts.push(sql`"listings"."price_cents" <= ${filters.maxPrice}`);
  return parts.length ? sql.join(parts, sql` and `) : null;
}

const DELIVERY_COLUMN = {
  shipping: sql`"listings"."shippable"`,
  localPickup: sql`"listings"."meet_to_deliver"`,
  freeShipping: sql`"listings"."offer_free_delivery"`,
} as const;

/** Any of the chosen ways to receive the item will do. */
function deliveryMatch(filters: ParsedSearchFilters): SQL | null {
  const chosen = filters.delivery ?? [];
  return chosen.length
    ? sql`(${sql.join(
        chosen.map((option) => DELIVERY_COLUMN[option]),
        sql` or `,
      )})`
    : null;
}

/** The conditions joined by `and`; null when there are none (every row holds). */
export function allOf(conditions: (SQL | null)[]): SQL | null {
  const kept = conditions.filter((c): c is SQL => c !== null);
  return kept.length ? sql.join(kept, sql` and `) : null;
}

function andAlso(among: SQL | null, condition: SQL): SQL {
  return among ? sql`${among} and ${condition}` : condition;
}

/** ` as name` when the count is named. */
function named(name: ((i: number) => string) | undefined, i: number): SQL {
  return name ? sql` as ${sql.identifier(name(i))}` : sql``;
}

/** `count(*)` of the rows where `condition` holds; with `weight`, the sum of that column over them instead. */
export function tally(condition: SQL | null, weight?: SQL): SQL {
  const where = condition ? sql` filter (where ${condition})` : sql``;
  return weight ? sql`coalesce(sum(${weight})${where}, 0)::int` : sql`count(*)${where}::int`;
}

/**
 * The price facet's counts among the rows where `among` holds (all rows when null), one per range,
 * in PRICE_RANGES order; `name` names each column; `weight`: each row counts as that column says.
 */
export function priceRangeCounts(among: SQL | null, name?: (i: number) => string, weight?: SQL): SQL {
  return sql.join(
    PRICE_RANGES.map((range, i) => {
      const inRange =
        range.maxCents === null
          ? sql`price_cents >= ${range.minCents}`
          : sql`price_cents between ${range.minCents} and ${range.maxCents}`;
      return sql`${tally(andAlso(among, inRange), weight)}${named(name, i)}`;
    }),
    sql`, `,
  );
}

/**
 * The delivery facet's counts among the rows where `among` holds (all rows when null), in
 * DELIVERY_OPTIONS order; `name` names each column; `weight` as for `priceRangeCounts`.
 */
export function deliveryCounts(among: SQL | null, name?: (i: number) => string, weight?: SQL): SQL {
  const count = (column: SQL, i: number) => sql`${tally(andAlso(among, column), weight)}${named(name, i)}`;
  return sql.join(
    [count(sql`shippable`, 0), count(sql`meet_to_deliver`, 1), count(sql`offer_free_delivery`, 2)],
    sql`, `,
  );
}

function sqlTextArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}
