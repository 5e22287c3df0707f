import type { Centre } from './zip-centres';

/**
 * The great-circle distance in miles between two points, as earthdistance's `<@>` computes it
 * (haversine on a sphere of 3958.747 miles).
 */
export function greatCircleMiles(a: Centre, b: Centre): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 3958.747 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whole miles: between zip centres, so never precise enough to find a seller's home. */
export function wholeMiles(miles: number | null): number | null {
  return miles === null ? null : Math.round(miles);
}
