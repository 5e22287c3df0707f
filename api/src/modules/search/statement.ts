import { DELIVERY_OPTIONS, type ParsedSearchFilters, PRICE_RANGES, type SearchSort } from '@yardly/shared/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { executeKept } from '../../db/kept-statements';
import { type CardJson, pageCardsJson } from '../listings/cards';
import { allOf, deliveryCounts, type Match, priceRangeCounts, tally } from './match';
import { cellByCellRows, firstRowsAnywhere, nearOrBeyondRows, type PlacedTable, placedRows } from './place-source';
import type { Radius } from './radius';
import { shipCountedRows } from './ship-counts';

/** What one search statement answers: the page's ids in order, the totals and every facet's counts. */
export interface SearchRows {
  total: number;
  minPrice: number | null;
  maxPrice: number | null;
  /** [listing id, miles or null] in page order. */
  page: [number, number | null][];
  /** The page's cards, in page order. */
  cards: CardJson[];
  /** [category refnum, title, subcategory refnum, subcategory title, count]. */
  pivot: [string, string, string | null, string | null, number][] | null;
  conditions: [string, number][] | null;
  prices: number[] | null;
  delivery: number[] | null;
}

/** Which sort applies: relevance needs text, distance needs a centre; newest otherwise. */
export function effectiveSort(filters: ParsedSearchFilters, match: Match): SearchSort {
  const wanted = filters.sortBy ?? (match.hasText ? 'relevance' : 'newest');
  if (wanted === 'relevance' && !match.hasText) return 'newest';
  if (wanted === 'distance' && !match.hasCentre) return 'newest';
  return wanted;
}

const DEFAULT_ORDER: Record<SearchSort, 'asc' | 'desc'> = {
  relevance: 'desc',
  currentPrice: 'asc',
  distance: 'asc',
  newest: 'desc',
};

function orderBy(sort: SearchSort, direction: 'asc' | 'desc'): SQL {
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  // The id breaks ties, so pages never overlap or skip.
  switch (sort) {
    case 'relevance':
      return sql`rank ${dir}, created_at desc, id desc`;
    case 'currentPrice':
      return sql`price_cents ${dir}, id ${dir}`;
    case 'distance':
      return sql`miles ${dir} nulls last, created_at desc, id desc`;
    case 'newest':
      return sql`created_at ${dir}, id ${dir}`;
  }
}

/** The listings as search reads them; `covered` is what `listings_live_cell_idx` holds beside the cell and the zip's centre (its migration keeps the same list). */
export const LISTINGS: PlacedTable = {
  name: 'listings',
  covered: [
    'id',
    'category_id',
    'sub_category_id',
    'condition',
    'price_cents',
    'shippable',
    'meet_to_deliver',
    'offer_free_delivery',
    'created_at',
  ],
};

/** "Ships to you": a listing that ships reaches the searcher from anywhere. */
const SHIPS = sql`"listings"."shippable"`;

/**
 * A nationwide browse of the public marketplace near a place: its rows are those near the place
 * that do not ship and every one that ships, each read from its own index (`nearOrBeyondRows`).
 * An organisation's few listings are read from their own index, as every row where it applies.
 */
function nearOrShipping(match: Match): match is Match & { radius: Radius } {
  return match.radius !== null && match.nationwide && !match.hasText && !match.inOrganisation;
}

/** Where the matching live listings come from, and each one's distance (`placedRows`). */
function rowSource(match: Match): { from: SQL; miles: SQL } {
  if (nearOrShipping(match)) return nearOrBeyondRows(LISTINGS, match.where, match.radius, SHIPS);
  return placedRows(LISTINGS, match.where, match.radius, match.hasText, match.nationwide ? SHIPS : null);
}

/**
 * A browse's newest-first (or oldest-first) page, read cell by cell (`cellByCellRows`). Null when
 * another sort applies, the radius touches too many cells, or the search is an organisation's
 * (few listings, not in the cells' index): the page then comes from every matching row.
 */
function cellByCellPage(match: Match, filters: ParsedSearchFilters, sort: SearchSort, hit: SQL | null): SQL | null {
  const { radius } = match;
  if (!radius || match.hasText || sort !== 'newest' || match.inOrganisation) return null;
  const where = allOf([match.where, hit]) ?? sql`true`;
  const page = {
    radius,
    order: orderBy(sort, filters.sortOrder ?? DEFAULT_ORDER[sort]),
    columns: ['id', 'created_at'],
    end: (filters.page + 1) * filters.size,
  };
  if (!nearOrShipping(match)) return cellByCellRows(LISTINGS, { ...page, where });
  // Nationwide: the page's first rows near the place that do not ship, and those that ship from anywhere.
  const near = cellByCellRows(LISTINGS, { ...page, where: sql`${where} and not ${SHIPS}` });
  if (!near) return null;
  return sql`select id, created_at, miles from (${near}) near
    union all (${firstRowsAnywhere(LISTINGS, { ...page, where: sql`${where} and ${SHIPS}` })})`;
}

const FACETS = ['category', 'condition', 'price', 'delivery'] as const;
type Facet = (typeof FACETS)[number];

/** ` filter (where ...)` for an aggregate, or nothing when every row counts. */
function filterWhere(condition: SQL | null): SQL {
  return condition ? sql` filter (where ${condition})` : sql``;
}

/** `where ...` for a query over `base`, or nothing when every row is kept. */
function whereOf(condition: SQL | null): SQL {
  return condition ? sql`where ${condition}` : sql``;
}

/**
 * One round trip: the matching live listings (`base`) are counted once, in groups of (category,
 * subcategory, condition) holding every count the totals and facets need (`grouped`, one pass),
 * then the totals and each facet are summed from those groups, and the page with its cards is
 * read. Each facet counts with every filter but its own. A facet filter not chosen is left out of
 * `base` and of every count, rather than tested as `true` row by row. Browsing near a place reads
 * its rows twice from the index rather than keep thousands of them (`base` not materialized, but
 * fenced by `offset 0` so each chosen filter is planned and tested once per row, not once per
 * count), and its newest-first page cell by cell (`cellByCellPage`): docs/decisions/0032.
 * (A round trip costs more than most of the statement's work: docs/decisions/0009.)
 */
export function searchStatement(match: Match, filters: ParsedSearchFilters, options: { facets: boolean }): SQL {
  const sort = effectiveSort(filters, match);
  const order = orderBy(sort, filters.sortOrder ?? DEFAULT_ORDER[sort]);
  const chosen = FACETS.filter((facet) => match[facet] !== null);
  const flag = (facet: Facet) => sql.raw(`m_${facet}`);
  /** Every chosen facet filter but `except`'s, as the `base` columns that hold them. */
  const allBut = (except?: Facet) => allOf(chosen.filter((facet) => facet !== except).map(flag));
  const hit = allBut();
  const byCell = cellByCellPage(match, filters, sort, allOf(chosen.map((facet) => match[facet])));
  // Near a place, read from the cells' index (and, nationwide, what ships from its own index): the
  // rows are read again for the page, but a nationwide browse sorted otherwise than by its indexes
  // keeps its thousands of rows rather than read them twice.
  const browsing = match.radius !== null && !match.hasText && (!match.nationwide || nearOrShipping(match));
  const keep = !browsing || (match.nationwide && byCell === null);
  // A nationwide browse counts what ships from the counts kept ahead (docs/decisions/0067): each
  // row of `base` then weighs `n`, and only the rows near the place (`exact`) carry their own price.
  const counted = nearOrShipping(match) && byCell !== null && match.price === null;
  const weight = counted ? sql`n` : undefined;
  const groupColumns = options.facets
    ? sql`category_id, sub_category_id, condition, ${tally(allBut('category'), weight)} as n_category,
        ${tally(allBut('condition'), weight)} as n_condition,
        ${priceRangeCounts(allBut('price'), (i) => `n_price_${i}`, weight)},
        ${deliveryCounts(allBut('delivery'), (i) => `n_delivery_${i}`, weight)},`
    : sql``;
  const priced = counted ? allOf([hit, sql`exact`]) : hit;
  // The lowest and highest price of what ships, which no count holds: read from its price btree.
  const shipped = (fn: 'min' | 'max') =>
    sql`(select ${sql.raw(fn)}("listings"."price_cents") from "listings"
      where ${allOf([match.where, SHIPS, ...chosen.map((facet) => match[facet])])})`;
  const minPrice = counted ? sql`least(min(min_price), ${shipped('min')})` : sql`min(min_price)`;
  const maxPrice = counted ? sql`greatest(max(max_price), ${shipped('max')})` : sql`max(max_price)`;
  const sums = (prefix: string, count: number) =>
    sql.join(
      Array.from({ length: count }, (_, i) => sql.raw(`coalesce(sum(${prefix}${i}), 0)::int`)),
      sql`, `,
    );
  const rangeCounts = options.facets
    ? sql`,
      json_build_array(${sums('n_price_', PRICE_RANGES.length)}) as prices,
      json_build_array(${sums('n_delivery_', DELIVERY_OPTIONS.length)}) as delivery`
    : sql``;
  const groupCounts = options.facets
    ? sql`,
      (select json_agg(json_build_array(c.refnum, c.title, s.refnum, s.title, x.n))
        from (select category_id, sub_category_id, sum(n_category)::int n from grouped
              group by 1, 2 having sum(n_category) > 0) x
        join categories c on c.id = x.category_id left join categories s on s.id = x.sub_category_id) as pivot,
      (select json_agg(json_build_array(condition, n) order by n desc, condition)
        from (select condition, sum(n_condition)::int n from grouped
              group by 1 having sum(n_condition) > 0) x) as conditions`
    : sql``;
  const source =
    counted && nearOrShipping(match)
      ? { from: shipCountedRows(LISTINGS, match, SHIPS), miles: sql`"listings"."miles"` }
      : rowSource(match);
  const facetColumns = chosen.map((facet) => sql`, ${match[facet]} as ${flag(facet)}`);
  const weighed = counted ? sql`, "listings"."n" as n, "listings"."exact" as exact` : sql``;
  const cut = sql`order by ${order} limit ${filters.size} offset ${filters.page * filters.size}`;
  return sql`
    with base as ${keep ? sql`materialized` : sql`not materialized`} (
      select "listings"."id" as id, "listings"."category_id" as category_id,
        "listings"."sub_category_id" as sub_category_id, "listings"."condition" as condition,
        "listings"."price_cents" as price_cents, "listings"."shippable" as shippable,
        "listings"."meet_to_deliver" as meet_to_deliver, "listings"."offer_free_delivery" as offer_free_delivery,
        "listings"."created_at" as created_at,
        ${source.miles} as miles
        ${match.hasText ? sql`, ${match.rank} as rank` : sql``}${sql.join(facetColumns, sql``)}${weighed}
      from ${source.from}${browsing ? sql` offset 0` : sql``}
    ),
    grouped as materialized (
      select ${groupColumns}
        ${tally(hit, weight)} as total,
        min(price_cents)${filterWhere(priced)} as min_price,
        max(price_cents)${filterWhere(priced)} as max_price
      from base${options.facets ? sql` group by category_id, sub_category_id, condition` : sql``}
    ),
    counts as (
      select coalesce(sum(total), 0)::int as total, ${minPrice} as "minPrice", ${maxPrice} as "maxPrice"
        ${rangeCounts}
      from grouped
    ),
    page as (
      -- The page is cut by a top-N sort first; only its own rows are then numbered.
      select id, miles, row_number() over (order by ${order}) as n from (
        ${byCell ? sql`select * from (${byCell}) by_cell ${cut}` : sql`select * from base ${whereOf(hit)} ${cut}`}
      ) cut
    )
    select counts.*,
      (select json_agg(json_build_array(id, miles) order by n) from page) as page,
      ${pageCardsJson(sql`page`, match.now)} as cards
      ${groupCounts}
    from counts
  `;
}

export async function runSearchStatement(
  db: Db,
  match: Match,
  filters: ParsedSearchFilters,
  options: { facets: boolean },
): Promise<SearchRows> {
  const [row = {}] = await executeKept<Partial<SearchRows>>(db, searchStatement(match, filters, options));
  return {
    total: Number(row.total ?? 0),
    minPrice: row.minPrice === null || row.minPrice === undefined ? null : Number(row.minPrice),
    maxPrice: row.maxPrice === null || row.maxPrice === undefined ? null : Number(row.maxPrice),
    page: row.page ?? [],
    cards: row.cards ?? [],
    pivot: row.pivot ?? null,
    conditions: row.conditions ?? null,
    prices: row.prices ?? null,
    delivery: row.delivery ?? null,
  };
}
