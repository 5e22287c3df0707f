import type { Box } from './radius';

/**
 * A listing's place on three latitude/longitude grids (cells of 0.5, 2 and 8 degrees), kept in
 * `listings.place_cells` beside its text document, in one GIN index (docs/decisions/0010). A
 * text search near a centre asks the index for the words AND one of the cells the radius
 * touches, so it reads only the matches in that neighbourhood instead of every match in the
 * country. Browsing near a centre reads the live listings in order of their finest cell (the
 * array's first key) from a btree on `place_cells`, one range per latitude row (docs/decisions/0022).
 *
 * The SQL function `place_cells_of(lat, lng)` (migration 0012) files each listing; it must
 * compute exactly these keys (a test holds the two together).
 */
const GRIDS = [
  { degrees: 0.5, base: 0 },
  { degrees: 2, base: 1_000_000 },
  { degrees: 8, base: 2_000_000 },
] as const;
type Grid = (typeof GRIDS)[number];

/** At most this many cells are asked for: a radius needing more on every grid is not narrowed. */
export const MAX_CELLS = 64;

function cellKey(grid: Grid, latIndex: number, lngIndex: number): number {
  return grid.base + latIndex * 1000 + lngIndex;
}

function latIndex(grid: Grid, lat: number): number {
  return Math.floor((lat + 90) / grid.degrees);
}

function lngIndex(grid: Grid, lng: number): number {
  return Math.floor((lng + 180) / grid.degrees);
}

/** The keys a point is filed under, one per grid (what `place_cells_of(lat, lng)` answers). */
export function placeCellsOf(lat: number, lng: number): number[] {
  return GRIDS.map((grid) => cellKey(grid, latIndex(grid, lat), lngIndex(grid, lng)));
}

/**
 * The cells of the finest grid that covers the box in at most MAX_CELLS cells, or null when
 * even the coarsest needs more (a radius of a few thousand miles: no narrowing worth asking for).
 */
export function cellsCovering(box: Box): number[] | null {
  for (const grid of GRIDS) {
    const south = latIndex(grid, box.south);
    const north = latIndex(grid, box.north);
    const west = lngIndex(grid, box.west);
    const east = lngIndex(grid, box.east);
    if ((north - south + 1) * (east - west + 1) > MAX_CELLS) continue;
    const keys: number[] = [];
    for (let lat = south; lat <= north; lat++) {
      for (let lng = west; lng <= east; lng++) keys.push(cellKey(grid, lat, lng));
    }
    return keys;
  }
  return null;
}

/** Keys `from` (included) to `to` (excluded) of the finest grid: cells side by side on one latitude row. */
export interface CellRange {
  from: number;
  to: number;
}

/**
 * The finest grid's cells covering the box, one range of keys per latitude row (a key is
 * `latitude index * 1000 + longitude index`, so a row's cells are consecutive). A btree on
 * `place_cells` orders listings by their finest cell first, so each range is one index range:
 * `place_cells >= array[from] and place_cells < array[to]`. At most 361 ranges, whatever the box.
 */
export function finestCellRanges(box: Box): CellRange[] {
  const grid = GRIDS[0];
  const west = lngIndex(grid, box.west);
  const east = lngIndex(grid, box.east);
  const ranges: CellRange[] = [];
  for (let lat = latIndex(grid, box.south); lat <= latIndex(grid, box.north); lat++) {
    ranges.push({ from: cellKey(grid, lat, west), to: cellKey(grid, lat, east) + 1 });
  }
  return ranges;
}
