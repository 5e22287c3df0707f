import { describe, expect, it } from 'vitest';
import { greatCircleMiles } from '../location/distance';
import { cellsCovering, finestCellRanges, finestCellRangesAround, MAX_CELLS, placeCellsOf } from './place-cells';
import { type Box, boundingBox } from './radius';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** `count` seeded centres across the US, each with a radius taken in turn from `radii`, and the generator. */
function centresAndRadii(seed: number, count: number, radii: number[]) {
  const next = random(seed);
  const cases = Array.from({ length: count }, (_, i) => ({
    centre: { lat: 19 + next() * 52, lng: -160 + next() * 94 },
    miles: radii[i % radii.length] as number,
  }));
  return { cases, next };
}

/** The box's corners, edges and points inside it. */
function pointsIn(box: Box, next: () => number): { lat: number; lng: number }[] {
  const points = [
    { lat: box.south, lng: box.west },
    { lat: box.south, lng: box.east },
    { lat: box.north, lng: box.west },
    { lat: box.north, lng: box.east },
  ];
  for (let i = 0; i < 400; i++) {
    points.push({ lat: box.south + next() * (box.north - box.south), lng: box.west + next() * (box.east - box.west) });
  }
  return points;
}

describe('the grid cells a radius asks for', () => {
  it('hold every point of the box around the radius, for centres across the US and many radii', () => {
    const next = random(7);
    for (let i = 0; i < 200; i++) {
      const centre = { lat: 19 + next() * 52, lng: -160 + next() * 94 };
      const miles = [0, 1, 10, 25, 50, 100, 250, 500, 900][i % 9] as number;
      const box = boundingBox(centre, miles);
      const cells = cellsCovering(box);
      if (cells === null) continue;
      const asked = new Set(cells);
      for (const point of pointsIn(box, next)) {
        const filed = placeCellsOf(point.lat, point.lng);
        expect(
          filed.some((key) => asked.has(key)),
          `${miles} mi around ${JSON.stringify(centre)}`,
        ).toBe(true);
      }
    }
  });

  it('use the finest grid that needs at most MAX_CELLS cells', () => {
    const manhattan = { lat: 40.7484, lng: -73.9967 };
    const near = cellsCovering(boundingBox(manhattan, 50)) ?? [];
    expect(near.length).toBeGreaterThan(0);
    expect(near.length).toBeLessThanOrEqual(20);
    expect(near.every((key) => key < 1_000_000)).toBe(true);
    const region = cellsCovering(boundingBox(manhattan, 300)) ?? [];
    expect(region.every((key) => key >= 1_000_000 && key < 2_000_000)).toBe(true);
    const country = cellsCovering(boundingBox(manhattan, 1000)) ?? [];
    expect(country.every((key) => key >= 2_000_000)).toBe(true);
    for (const cells of [near, region, country]) expect(cells.length).toBeLessThanOrEqual(MAX_CELLS);
  });

  it('ask for nothing when even the coarsest grid would need too many cells', () => {
    expect(cellsCovering(boundingBox({ lat: 39.8, lng: -98.6 }, 3000))).toBeNull();
  });

  it('file a point under one cell of each grid', () => {
    expect(placeCellsOf(40.7484, -73.9967)).toEqual([261_212, 1_065_053, 2_016_013]);
    expect(placeCellsOf(-90, -180)).toEqual([0, 1_000_000, 2_000_000]);
  });
});

describe('the finest cells a browse reads, one range per latitude row', () => {
  it('hold the finest cell of every point of the box, for centres across the US and many radii', () => {
    const { cases, next } = centresAndRadii(11, 200, [0, 1, 10, 25, 50, 100, 250, 500, 900, 3000]);
    for (const { centre, miles } of cases) {
      const box = boundingBox(centre, miles);
      const ranges = finestCellRanges(box);
      for (const point of pointsIn(box, next)) {
        const [finest = -1] = placeCellsOf(point.lat, point.lng);
        expect(
          ranges.some((range) => range.from <= finest && finest < range.to),
          `${miles} mi around ${JSON.stringify(centre)}`,
        ).toBe(true);
      }
    }
  });

  it('are one range per latitude row of half a degree, never overlapping', () => {
    const ranges = finestCellRanges(boundingBox({ lat: 40.7484, lng: -73.9967 }, 50));
    expect(ranges).toEqual([
      { from: 260_210, to: 260_214 },
      { from: 261_210, to: 261_214 },
      { from: 262_210, to: 262_214 },
    ]);
    const world = finestCellRanges(boundingBox({ lat: 39.8, lng: -98.6 }, 3000));
    expect(world.length).toBeLessThanOrEqual(361);
    for (const [i, range] of world.entries()) expect(range.from).toBeGreaterThanOrEqual(world[i - 1]?.to ?? 0);
  });
});

describe('the cells wholly within a radius, whose listings a browse does not measure', () => {
  it('hold only points within the radius, and the same cells as the box, for centres across the US and many radii', () => {
    const { cases, next } = centresAndRadii(23, 300, [0, 1, 10, 25, 40, 50, 75, 100, 250, 500]);
    for (const { centre, miles } of cases) {
      const around = finestCellRangesAround(centre, miles);
      const keys = (ranges: { from: number; to: number }[]) =>
        ranges.flatMap(({ from, to }) => Array.from({ length: to - from }, (_, k) => from + k));
      expect(keys(around)).toEqual(keys(finestCellRanges(boundingBox(centre, miles))));
      const outside: string[] = [];
      for (const range of around.filter((r) => !r.measure)) {
        for (let key = range.from; key < range.to; key++) {
          const south = Math.floor(key / 1000) / 2 - 90;
          const west = (key % 1000) / 2 - 180;
          for (let p = 0; p < 12; p++) {
            const point = { lat: south + next() * 0.5, lng: west + next() * 0.5 };
            if (greatCircleMiles(centre, point) >= miles) outside.push(JSON.stringify(point));
          }
        }
      }
      expect(outside, `${miles} mi around ${JSON.stringify(centre)}`).toEqual([]);
    }
  });

  it("leave a city's own cells unmeasured, and measure every cell at the edge", () => {
    const around = finestCellRangesAround({ lat: 40.7484, lng: -73.9967 }, 50);
    const [ownCell = -1] = placeCellsOf(40.7484, -73.9967);
    expect(around.find((r) => r.from <= ownCell && ownCell < r.to)?.measure).toBe(false);
    expect(around.filter((r) => r.measure).length).toBeGreaterThan(0);
    expect(finestCellRangesAround({ lat: 40.7484, lng: -73.9967 }, 0).every((r) => r.measure)).toBe(true);
  });
});
