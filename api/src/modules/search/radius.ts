import { type SQL, sql } from 'drizzle-orm';
import type { Centre } from '../location/zip-centres';

/** Miles in one degree of latitude on earthdistance's sphere (radius 3958.747 mi). */
const MILES_PER_DEGREE = (3958.747 * Math.PI) / 180;

export interface Box {
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * A latitude/longitude box that surely holds every point within `miles` of the centre, so the
 * grid cells around it narrow the listings before the exact distance is checked. Near a pole,
 * or where the box would cross the antimeridian (western Alaska), it spans every longitude:
 * wider, never missing a zip.
 */
export function boundingBox(centre: Centre, miles: number): Box {
  const dLat = miles / MILES_PER_DEGREE;
  const south = Math.max(-90, centre.lat - dLat);
  const north = Math.min(90, centre.lat + dLat);
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const cos = Math.cos((widest * Math.PI) / 180);
  const dLng = cos > 1e-6 ? miles / (MILES_PER_DEGREE * cos) : 360;
  if (centre.lng - dLng < -180 || centre.lng + dLng > 180) return { south, north, west: -180, east: 180 };
  return { south, north, west: centre.lng - dLng, east: centre.lng + dLng };
}

/** Where a radius search is centred, and how far it reaches in miles. */
export interface Radius {
  centre: Centre;
  miles: number;
}

const zipPoint = sql`point("zip_codes"."longitude", "zip_codes"."latitude")`;

/** `<@>` is earthdistance's great-circle distance in statute miles, from a point to the centre. */
function milesFrom(point: SQL, centre: Centre): SQL {
  return sql`(${point} <@> point(${centre.lng}::float8, ${centre.lat}::float8))`;
}

/**
 * A row's distance from the centre, from the copy of its zip's centre the row keeps
 * (`place_longitude`, `place_latitude`, filled by the trigger that files its cells: listings in
 * migration 0023, rentals in 0039): the same figure as its zip's `zipIfWithin`, without reading
 * the zip table. Null when the zip has no coordinates (never within a radius).
 */
export function keptCentreMiles(table: string, { centre }: Radius): SQL {
  const point = sql`point(${sql.identifier(table)}."place_longitude", ${sql.identifier(table)}."place_latitude")`;
  return milesFrom(point, centre);
}

/** One zip (`zip`, `miles`) when it lies within the radius: no row otherwise. */
export function zipIfWithin({ centre, miles }: Radius, zip: SQL): SQL {
  return sql`select "zip_codes"."zip" as zip, ${milesFrom(zipPoint, centre)} as miles from "zip_codes"
    where "zip_codes"."zip" = ${zip} and ${milesFrom(zipPoint, centre)} <= ${miles}::float8`;
}
