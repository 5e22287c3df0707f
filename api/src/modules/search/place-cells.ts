import { greatCircleMiles } from '../location/distance';
import type { Centre } from '../location/zip-centres';
import { type Box, boundingBox } from './radius';

/**
 * A listing's place on three latitude/longitude grids (cells of 0.5, 2 and 8 degrees), kept in
 * `listings.place_cells` beside its text document, in one GIN index (docs/decisions/0010). A
 * text search near a centre asks the index for the words AND one of the cells the radius
 * touches, so it reads only the matches in that neighbourhood instead of every match in the
 * country. Browsing near a centre reads the live listings in order of their finest cell (the
 * array's first key, kept apart as `place_cell`) from a btree on `place_cell`, one range per
 * latitude row (docs/decisions/0022, 0032).
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
 * `place_cell` (the finest cell) makes each range one index range:
 * `place_cell >= from and place_cell < to`. At most 361 ranges, whatever the box.
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

/** A range of finest cells, and whether its listings must be measured against the radius. */
export interface MeasuredCellRange extends CellRange {
  /** False when every point of these cells lies within the radius: their listings need no measuring. */
  measure: boolean;
}

/** Above this many cells around a radius, none is looked at one by one: every listing is measured. */
const MAX_CELLS_LOOKED_AT = 2048;
/** How far inside the radius a cell's farthest corner must be to count as within it, in miles (rounding never matters). */
const INSIDE_MARGIN_MILES = 0.5;

/**
 * The finest cells around a radius (`finestCellRanges`), each row's range cut where its cells
 * pass from partly outside the radius to wholly inside it and back. A cell lies wholly within the
 * radius when its four corners do: on the sphere, the farthest point of a latitude/longitude cell
 * from a centre (closer than half the earth) is one of its corners, since the distance grows with
 * the difference in longitude along a parallel, and along a meridian it has no maximum short of
 * the antipode. A browse measures only the listings of the cells at the edge (docs/decisions/0032).
 */
export function finestCellRangesAround(centre: Centre, miles: number): MeasuredCellRange[] {
  const ranges = finestCellRanges(boundingBox(centre, miles));
  const cells = ranges.reduce((sum, range) => sum + range.to - range.from, 0);
  if (cells > MAX_CELLS_LOOKED_AT) return ranges.map((range) => ({ ...range, measure: true }));
  const grid = GRIDS[0];
  const within = (key: number) => {
    const south = Math.floor(key / 1000) * grid.degrees - 90;
    const west = (key % 1000) * grid.degrees - 180;
    return [south, south + grid.degrees].every((lat) =>
      [west, west + grid.degrees].every((lng) => greatCircleMiles(centre, { lat, lng }) <= miles - INSIDE_MARGIN_MILES),
    );
  };
  const measured: MeasuredCellRange[] = [];
  for (const range of ranges) {
    for (let key = range.from; key < range.to; key++) {
      const measure = !within(key);
      const last = measured.at(-1);
      if (last && last.to === key && last.measure === measure) last.to = key + 1;
      else measured.push({ from: key, to: key + 1, measure });
    }
  }
  return measured;
}
