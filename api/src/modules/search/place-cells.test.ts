import { describe, expect, it } from 'vitest';
import { cellsCovering, finestCellRanges, MAX_CELLS, placeCellsOf } from './place-cells';
import { type Box, boundingBox } from './radius';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
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
    const next = random(11);
    for (let i = 0; i < 200; i++) {
      const centre = { lat: 19 + next() * 52, lng: -160 + next() * 94 };
      const miles = [0, 1, 10, 25, 50, 100, 250, 500, 900, 3000][i % 10] as number;
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
