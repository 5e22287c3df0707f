import { type SQL, sql } from 'drizzle-orm';
import { cellsCovering, finestCellRanges, finestCellRangesAround } from './place-cells';
import { boundingBox, keptCentreMiles, type Radius, zipIfWithin } from './radius';

/**
 * A table searched by text and place, as the listings (migrations 0010-0012, 0023, 0033) and the
 * rentals (0039) are: each row keeps its `zip`, a `search_document`, the grid cells of its zip's
 * centre (`place_cells`, the finest one again as `place_cell`) and that centre
 * (`place_latitude`, `place_longitude`), all filled by triggers; one GIN index on
 * (search_document, place_cells) and one covering btree on (place_cell, newest desc, id desc),
 * both partial on what may be found.
 */
export interface PlacedTable {
  name: string;
  /** What its browse btree holds that a browse reads, beside the cell and the zip's centre (its migration keeps the same list). */
  covered: readonly string[];
}

/** An int[] parameter, written as its text so both engines' drivers take it alike. */
function intArray(values: number[]): string {
  return `{${values.join(',')}}`;
}

/**
 * Where a search's rows come from, and each one's distance in miles (`miles`, null without a
 * centre); the rows keep the table's name, so `where` and the statement around them name its
 * columns as usual. Without a centre: every row where `where` holds. With a centre and text: the
 * text index asked only for the grid cells the radius touches (docs/decisions/0010), then each
 * match's zip checked against the radius. With a centre alone (browsing): the rows of the finest
 * grid cells around the radius, one range of `place_cell` per latitude row, read from the covering
 * btree alone (the facets count thousands of rows without touching the table), each kept when its
 * zip's centre, copied on the row, lies within the radius; the rows of cells wholly within it are
 * not measured (docs/decisions/0022, 0032). The planner cannot estimate how many rows a radius
 * holds, so each shape is fixed here rather than left to it (docs/decisions/0007).
 */
export function placedRows(
  table: PlacedTable,
  where: SQL,
  radius: Radius | null,
  hasText: boolean,
  beyondRadius: SQL | null = null,
): { from: SQL; miles: SQL } {
  const t = sql.identifier(table.name);
  if (!radius) return { from: sql`${t} where ${where}`, miles: sql`null::float8` };
  if (beyondRadius) return unboundedRows(table, where, radius, beyondRadius);
  const box = boundingBox(radius.centre, radius.miles);
  // offset 0 keeps each subquery as written, whatever the planner guesses of the radius.
  if (hasText) {
    const cells = cellsCovering(box);
    const inCells = cells ? sql` and ${t}."place_cells" && ${intArray(cells)}::int[]` : sql``;
    return {
      from: sql`(select * from ${t} where ${where}${inCells} offset 0) ${t}
        cross join lateral (${zipIfWithin(radius, sql`${t}."zip"`)}) near`,
      miles: sql`near.miles`,
    };
  }
  const ranges = finestCellRangesAround(radius.centre, radius.miles);
  const miles = keptCentreMiles(table.name, radius);
  const covered = table.covered.map((column) => sql.identifier(column));
  return {
    from: sql`unnest(${intArray(ranges.map((r) => r.from))}::int[], ${intArray(ranges.map((r) => r.to))}::int[],
        ${`{${ranges.map((r) => r.measure).join(',')}}`}::boolean[]) ranges(from_cell, to_cell, measure)
      cross join lateral (
        select ${sql.join(covered, sql`, `)}, ${miles} as miles from ${t}
        where ${t}."place_cell" >= ranges.from_cell and ${t}."place_cell" < ranges.to_cell
          and ${where} and (not ranges.measure or ${miles} <= ${radius.miles}::float8) offset 0) ${t}`,
    miles: sql`${t}."miles"`,
  };
}

/**
 * Rows where `where` holds that either lie within the radius or, wherever they are, satisfy
 * `beyondRadius` (issue 33: listings that ship, found nationwide); each measured from the centre
 * by the zip centre it keeps, so every row has its distance (null without one). No grid cells:
 * the rows may lie anywhere. With text, `where` holds the text match, so the text index still
 * narrows the rows before any is measured; without text it reads every row `where` lets through,
 * as a browse without a place does: the facets count every listing that ships anyway, so no
 * index could spare that read (the bench's "nationwide" lines measure it).
 */
function unboundedRows(table: PlacedTable, where: SQL, radius: Radius, beyondRadius: SQL): { from: SQL; miles: SQL } {
  const t = sql.identifier(table.name);
  const miles = keptCentreMiles(table.name, radius);
  return {
    from: sql`(select *, ${miles} as miles from ${t}
      where ${where} and (${beyondRadius} or ${miles} <= ${radius.miles}::float8) offset 0) ${t}`,
    miles: sql`${t}."miles"`,
  };
}

/**
 * A nationwide browse's rows (issue 33 without text): where `where` holds, those near the place
 * that do not satisfy `beyondRadius`, read from the cells' btree as a browse near a place reads
 * them (`placedRows`), and every one that does, wherever it lies, read from its own covering btree
 * (the listings' `listings_live_ships_idx`, migration 0058): two index reads, no listing measured
 * but those near the place and those a page shows (docs/decisions/0067). The same rows as
 * `unboundedRows`, each with its distance.
 */
export function nearOrBeyondRows(
  table: PlacedTable,
  where: SQL,
  radius: Radius,
  beyondRadius: SQL,
): { from: SQL; miles: SQL } {
  const t = sql.identifier(table.name);
  const near = placedRows(table, sql`${where} and not ${beyondRadius}`, radius, false);
  const columns = sql.join(
    table.covered.map((column) => sql`${t}.${sql.identifier(column)}`),
    sql`, `,
  );
  return {
    from: sql`(select ${columns}, ${near.miles} as miles from ${near.from}
      union all
      select ${columns}, ${keptCentreMiles(table.name, radius)} as miles from ${t}
        where ${where} and ${beyondRadius}) ${t}`,
    miles: sql`${t}."miles"`,
  };
}

/**
 * The first `end` rows in `order` of those that satisfy `where` wherever they lie, with their
 * distance from the centre: the part of a nationwide browse's newest page that ships, read in the
 * order of a btree rather than sorted (docs/decisions/0067).
 */
export function firstRowsAnywhere(
  table: PlacedTable,
  options: { where: SQL; radius: Radius; order: SQL; columns: readonly string[]; end: number },
): SQL {
  const t = sql.identifier(table.name);
  const columns = options.columns.map((column) => sql`${t}.${sql.identifier(column)} as ${sql.identifier(column)}`);
  return sql`select ${sql.join(columns, sql`, `)}, ${keptCentreMiles(table.name, options.radius)} as miles
    from ${t} where ${options.where} order by ${options.order} limit ${options.end}`;
}

/** Above this many finest cells, a newest-first browse sorts the rows near the place rather than read cell by cell. */
const MAX_PAGE_CELLS = 256;

/**
 * A browse's page in the order of the browse btree (newest first, or oldest first), without
 * sorting every row near the place: each finest cell around the radius is read from the btree in
 * the page's order, and stops once it has given the rows up to the page's end (`end`) that pass
 * `where` and the radius; the page is then cut from those (at most cells × end rows, and far fewer
 * near a city whose rows sit in a few cells): docs/decisions/0032. Answers rows of `columns`
 * (which `order` names) and `miles`. Null when the radius touches too many cells: the page then
 * comes from every matching row.
 */
export function cellByCellRows(
  table: PlacedTable,
  options: { where: SQL; radius: Radius; order: SQL; columns: readonly string[]; end: number },
): SQL | null {
  const { radius, order } = options;
  const cells = finestCellRanges(boundingBox(radius.centre, radius.miles)).flatMap(({ from, to }) =>
    Array.from({ length: to - from }, (_, i) => from + i),
  );
  if (cells.length > MAX_PAGE_CELLS) return null;
  const t = sql.identifier(table.name);
  const columns = options.columns.map((column) => sql`${t}.${sql.identifier(column)} as ${sql.identifier(column)}`);
  const names = options.columns.map((column) => sql.identifier(column));
  return sql`select * from unnest(${intArray(cells)}::int[]) cells(cell)
      cross join lateral (
        select ${sql.join(names, sql`, `)}, miles from (
          select ${sql.join(columns, sql`, `)}, ${keptCentreMiles(table.name, radius)} as miles
          from ${t}
          where ${t}."place_cell" = cells.cell and ${options.where}
          order by ${order} offset 0) in_cell
        where miles <= ${radius.miles}::float8
        order by ${order} limit ${options.end}) ${t}`;
}
