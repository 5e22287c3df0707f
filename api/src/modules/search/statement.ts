import { DELIVERY_OPTIONS, type ParsedSearchFilters, PRICE_RANGES, type SearchSort } from '@yardly/shared/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { executeKept } from '../../db/kept-statements';
import { type CardJson, pageCardsJson } from '../listings/cards';
import { allOf, deliveryCounts, type Match, priceRangeCounts } from './match';
import { cellsCovering, finestCellRanges, finestCellRangesAround } from './place-cells';
import { boundingBox, listingMiles, zipIfWithin } from './radius';

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

/**
 * Where the matching rows come from, and each one's distance in miles (`miles`, null without a
 * centre). Without a centre: the live listings. With a centre and text: the text index asked
 * only for the grid cells the radius touches (docs/decisions/0010), then each match's zip
 * checked against the radius. With a centre alone (browsing): the live listings of the finest
 * grid cells around the radius, one range of `place_cell` per latitude row, read from the
 * covering btree `listings_live_cell_idx` alone (the facets count thousands of rows without
 * touching the table), each kept when its zip's centre, copied on the listing, lies within the
 * radius (docs/decisions/0022, 0032). The planner cannot estimate how many rows a radius holds,
 * so each shape is fixed here rather than left to it (docs/decisions/0007).
 */
function rowSource(match: Match): { from: SQL; miles: SQL } {
  const { radius } = match;
  if (!radius) return { from: sql`"listings" where ${match.where}`, miles: sql`null::float8` };
  const box = boundingBox(radius.centre, radius.miles);
  // offset 0 keeps each subquery as written, whatever the planner guesses of the radius.
  if (match.hasText) {
    const cells = cellsCovering(box);
    const inCells = cells ? sql` and "listings"."place_cells" && ${intArray(cells)}::int[]` : sql``;
    return {
      from: sql`(select * from "listings" where ${match.where}${inCells} offset 0) "listings"
        cross join lateral (${zipIfWithin(radius, sql`"listings"."zip"`)}) near`,
      miles: sql`near.miles`,
    };
  }
  const ranges = finestCellRangesAround(radius.centre, radius.miles);
  const miles = listingMiles(radius);
  return {
    from: sql`unnest(${intArray(ranges.map((r) => r.from))}::int[], ${intArray(ranges.map((r) => r.to))}::int[],
        ${`{${ranges.map((r) => r.measure).join(',')}}`}::boolean[]) ranges(from_cell, to_cell, measure)
      cross join lateral (
        select ${sql.join(COVERED_COLUMNS, sql`, `)}, ${miles} as miles from "listings"
        where "listings"."place_cell" >= ranges.from_cell and "listings"."place_cell" < ranges.to_cell
          and ${match.where} and (not ranges.measure or ${miles} <= ${radius.miles}::float8) offset 0) "listings"`,
    miles: sql`"listings"."miles"`,
  };
}

/** Above this many finest cells, a newest-first browse sorts the listings near the place rather than read cell by cell. */
const MAX_PAGE_CELLS = 256;

/**
 * A browse's page, newest (or oldest) first, without sorting every listing near the place: each
 * finest cell around the radius is read from `listings_live_cell_idx` in the page's order, and
 * stops once it has given the rows up to the page's end that pass the filters and the radius;
 * the page is then cut from those (at most cells × (offset + size) rows, and far fewer near a
 * city whose listings sit in a few cells). Null when another sort applies or the radius
 * touches too many cells: the page then comes from every matching row.
 */
function cellByCellPage(match: Match, filters: ParsedSearchFilters, sort: SearchSort, hit: SQL | null): SQL | null {
  const { radius } = match;
  if (!radius || match.hasText || sort !== 'newest') return null;
  const cells = finestCellRanges(boundingBox(radius.centre, radius.miles)).flatMap(({ from, to }) =>
    Array.from({ length: to - from }, (_, i) => from + i),
  );
  if (cells.length > MAX_PAGE_CELLS) return null;
  const order = orderBy(sort, filters.sortOrder ?? DEFAULT_ORDER[sort]);
  const end = (filters.page + 1) * filters.size;
  return sql`select * from unnest(${intArray(cells)}::int[]) cells(cell)
      cross join lateral (
        select id, created_at, miles from (
          select "listings"."id" as id, "listings"."created_at" as created_at, ${listingMiles(radius)} as miles
          from "listings"
          where "listings"."place_cell" = cells.cell and ${allOf([match.where, hit])}
          order by ${order} offset 0) in_cell
        where miles <= ${radius.miles}::float8
        order by ${order} limit ${end}) "listings"`;
}

/** An int[] parameter, written as its text so both engines' drivers take it alike. */
function intArray(values: number[]): string {
  return `{${values.join(',')}}`;
}

/** What `listings_live_cell_idx` holds beside the cell and the zip's centre (its migration keeps the same list). */
const COVERED_COLUMNS = [
  'id',
  'category_id',
  'sub_category_id',
  'condition',
  'price_cents',
  'shippable',
  'meet_to_deliver',
  'offer_free_delivery',
  'created_at',
].map((column) => sql.identifier(column));

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
  const browsing = match.radius !== null && !match.hasText;
  const groupColumns = options.facets
    ? sql`category_id, sub_category_id, condition, count(*)${filterWhere(allBut('category'))}::int as n_category,
        count(*)${filterWhere(allBut('condition'))}::int as n_condition,
        ${priceRangeCounts(allBut('price'), (i) => `n_price_${i}`)},
        ${deliveryCounts(allBut('delivery'), (i) => `n_delivery_${i}`)},`
    : sql``;
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
  const source = rowSource(match);
  const facetColumns = chosen.map((facet) => sql`, ${match[facet]} as ${flag(facet)}`);
  const cut = sql`order by ${order} limit ${filters.size} offset ${filters.page * filters.size}`;
  const byCell = cellByCellPage(match, filters, sort, allOf(chosen.map((facet) => match[facet])));
  return sql`
    with base as ${browsing ? sql`not materialized` : sql`materialized`} (
      select "listings"."id" as id, "listings"."category_id" as category_id,
        "listings"."sub_category_id" as sub_category_id, "listings"."condition" as condition,
        "listings"."price_cents" as price_cents, "listings"."shippable" as shippable,
        "listings"."meet_to_deliver" as meet_to_deliver, "listings"."offer_free_delivery" as offer_free_delivery,
        "listings"."created_at" as created_at,
        ${source.miles} as miles
        ${match.hasText ? sql`, ${match.rank} as rank` : sql``}${sql.join(facetColumns, sql``)}
      from ${source.from}${browsing ? sql` offset 0` : sql``}
    ),
    grouped as materialized (
      select ${groupColumns}
        count(*)${filterWhere(hit)}::int as total,
        min(price_cents)${filterWhere(hit)} as min_price,
        max(price_cents)${filterWhere(hit)} as max_price
      from base${options.facets ? sql` group by category_id, sub_category_id, condition` : sql``}
    ),
    counts as (
      select coalesce(sum(total), 0)::int as total, min(min_price) as "minPrice", max(max_price) as "maxPrice"
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
      ${pageCardsJson(sql`page`)} as cards
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
