import { RENT_BANDS } from '@yardly/shared/rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { executeKept } from '../../db/kept-statements';
import { type RentalCardJson, rentalPageCardsJson } from '../rentals/cards';
import { allOf } from '../search/match';
import { cellByCellRows, type PlacedTable, placedRows } from '../search/place-source';
import { RENTAL_FACETS, type RentalFacet, type RentalMatch, type RentalSearchFilters } from './match';

/** Bedrooms are counted as Studio, 1, 2, 3 and 4 or more. */
export const BEDROOM_BUCKETS = 5;

/** What one rental search statement answers: the page's ids in order, the total and every facet's counts. */
export interface RentalSearchRows {
  total: number;
  /** [rental id, miles or null] in page order. */
  page: [number, number | null][];
  /** The page's cards, in page order. */
  cards: RentalCardJson[];
  /** [value, label, count]: every property type of the console's list in its order, then any other one found. */
  types: [string, string, number][];
  /** [bedrooms (4: four or more), count], for the buckets holding any. */
  bedrooms: [number, number][];
  /** One count per RENT_BANDS band, in its order. */
  prices: number[];
}

/** The rentals as search reads them; `covered` is what `rentals_available_cell_idx` holds beside the cell and the zip's centre (migration 0039 keeps the same list). */
export const RENTALS: PlacedTable = {
  name: 'rentals',
  covered: ['id', 'property_type', 'bedrooms', 'rent_cents', 'listed_at'],
};

/** Distance needs a centre: without one, newest. */
function effectiveSort(filters: RentalSearchFilters, match: RentalMatch): RentalSearchFilters['sortBy'] {
  return filters.sortBy === 'distance' && !match.hasCentre ? 'newest' : filters.sortBy;
}

/** The page's order over `base`'s columns; the newest and then the id break ties, so pages never overlap or skip. */
function orderBy(sort: RentalSearchFilters['sortBy']): SQL {
  switch (sort) {
    case 'newest':
      return sql`listed_at desc, id desc`;
    case 'rentAsc':
      return sql`rent_cents asc, listed_at desc, id desc`;
    case 'rentDesc':
      return sql`rent_cents desc, listed_at desc, id desc`;
    case 'distance':
      return sql`miles asc nulls last, listed_at desc, id desc`;
  }
}

/** ` filter (where ...)` for an aggregate, or nothing when every row counts. */
function filterWhere(condition: SQL | null): SQL {
  return condition ? sql` filter (where ${condition})` : sql``;
}

/** The rent bands' counts among the rows where `among` holds, named n_price_0…: a band holds its lower bound, not its upper. */
function rentBandCounts(among: SQL | null): SQL {
  return sql.join(
    RENT_BANDS.map((band, i) => {
      const inBand =
        band.max === null
          ? sql`rent_cents >= ${band.min}::int`
          : sql`rent_cents >= ${band.min}::int and rent_cents < ${band.max}::int`;
      return sql`count(*) filter (where ${allOf([among, inBand])})::int as ${sql.identifier(`n_price_${i}`)}`;
    }),
    sql`, `,
  );
}

/**
 * One round trip, shaped as the marketplace's search statement (docs/decisions/0009, 0032): the
 * matching rentals near the place (`base`, from the search module's `placedRows`) are grouped by
 * (property type, bedroom bucket), each group holding the total and every facet's count, each
 * facet counting with every filter but its own; the totals and facets are summed from those few
 * groups, and the page with its cards is read (a newest-first browse cell by cell). A browse
 * reads its rows from the covering index twice rather than keep them; a text search keeps its few.
 */
export function rentalSearchStatement(match: RentalMatch, filters: RentalSearchFilters): SQL {
  const order = orderBy(effectiveSort(filters, match));
  const chosen = RENTAL_FACETS.filter((facet) => match[facet] !== null);
  const flag = (facet: RentalFacet) => sql`${sql.identifier(`m_${facet}`)}`;
  /** Every chosen facet filter but `except`'s, as the `base` columns that hold them. */
  const allBut = (except?: RentalFacet) => allOf(chosen.filter((facet) => facet !== except).map(flag));
  const hit = allBut();
  const browsing = match.radius !== null && !match.hasText;
  const source = placedRows(RENTALS, match.where, match.radius, match.hasText);
  const facetColumns = chosen.map((facet) => sql`, ${match[facet]} as ${flag(facet)}`);
  const cut = sql`order by ${order} limit ${filters.size} offset ${filters.page * filters.size}`;
  const byCell =
    browsing && match.radius && filters.sortBy === 'newest'
      ? cellByCellRows(RENTALS, {
          where: allOf([match.where, ...chosen.map((facet) => match[facet])]) ?? match.where,
          radius: match.radius,
          order,
          columns: ['id', 'listed_at'],
          end: (filters.page + 1) * filters.size,
        })
      : null;
  const prices = sql.join(
    RENT_BANDS.map((_, i) => sql.raw(`coalesce(sum(n_price_${i}), 0)::int`)),
    sql`, `,
  );
  return sql`
    with base as ${browsing ? sql`not materialized` : sql`materialized`} (
      select "rentals"."id" as id, "rentals"."property_type" as property_type, "rentals"."bedrooms" as bedrooms,
        "rentals"."rent_cents" as rent_cents, "rentals"."listed_at" as listed_at,
        ${source.miles} as miles${sql.join(facetColumns, sql``)}
      from ${source.from}${browsing ? sql` offset 0` : sql``}
    ),
    grouped as materialized (
      select property_type, least(bedrooms, ${BEDROOM_BUCKETS - 1}::int) as beds,
        count(*)${filterWhere(allBut('propertyType'))}::int as n_type,
        count(*)${filterWhere(allBut('bedrooms'))}::int as n_beds,
        ${rentBandCounts(allBut('price'))},
        count(*)${filterWhere(hit)}::int as total
      from base group by 1, 2
    ),
    counts as (
      select coalesce(sum(total), 0)::int as total, json_build_array(${prices}) as prices from grouped
    ),
    page as (
      -- The page is cut by a top-N sort first; only its own rows are then numbered.
      select id, miles, row_number() over (order by ${order}) as n from (
        ${byCell ? sql`select * from (${byCell}) by_cell ${cut}` : sql`select * from base ${hit ? sql`where ${hit}` : sql``} ${cut}`}
      ) cut
    )
    select counts.*,
      (select json_agg(json_build_array(id, miles) order by n) from page) as page,
      ${rentalPageCardsJson(sql`page`)} as cards,
      (select json_agg(json_build_array(coalesce(p.value, x.property_type), coalesce(p.label, x.property_type),
          coalesce(x.n, 0)) order by p."position" nulls last, p.id, x.property_type)
        from (select id, value, label, "position" from rental_properties where kind = 'propertyType') p
        full join (select property_type, sum(n_type)::int n from grouped group by 1 having sum(n_type) > 0) x
          on x.property_type = p.value) as types,
      (select json_agg(json_build_array(beds, n) order by beds)
        from (select beds, sum(n_beds)::int n from grouped group by 1 having sum(n_beds) > 0) x) as bedrooms
    from counts
  `;
}

export async function runRentalSearchStatement(
  db: Db,
  match: RentalMatch,
  filters: RentalSearchFilters,
): Promise<RentalSearchRows> {
  const [row = {}] = await executeKept<Partial<RentalSearchRows>>(db, rentalSearchStatement(match, filters));
  return {
    total: Number(row.total ?? 0),
    page: row.page ?? [],
    cards: row.cards ?? [],
    types: row.types ?? [],
    bedrooms: row.bedrooms ?? [],
    prices: row.prices ?? [],
  };
}
