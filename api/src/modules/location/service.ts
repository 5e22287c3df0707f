import type { IpLocation, ZipAddress } from '@yardly/shared/contract';
import { findUsState, isZip, locationMessages } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { users, zipCodes } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { IpLocator } from './ip-locator';

type ZipRow = typeof zipCodes.$inferSelect;

/** A zip code's place, or the spec's 'Error fetching location details' (not 5 digits, not in the US table). */
export async function addressOfZip(db: Db, zip: string): Promise<ZipAddress> {
  const wanted = zip.trim();
  if (!isZip(wanted)) throw AppError.badRequest(locationMessages.fetchError, 'zip');
  const [row] = await db.select().from(zipCodes).where(eq(zipCodes.zip, wanted));
  if (!row) throw AppError.notFound(locationMessages.fetchError);
  return toAddress(row);
}

/** The zip whose centre is nearest to a point (the GiST index on the zip table orders by distance). */
export async function nearestZip(db: Db, lat: number, lng: number): Promise<ZipAddress> {
  // To 10 cm, far finer than a zip: a subnormal such as 5e-324 underflowed ll_to_earth (a 500).
  const point = { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
  const [row] = await db
    .select()
    .from(zipCodes)
    .where(sql`${zipCodes.latitude} is not null and ${zipCodes.longitude} is not null`)
    .orderBy(
      sql`ll_to_earth(${zipCodes.latitude}, ${zipCodes.longitude}) <-> ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`,
    )
    .limit(1);
  if (!row) throw AppError.notFound(locationMessages.fetchError);
  return toAddress(row);
}

/** The caller's place from their IP address (spec section 3's fallback); nulls when the address or its zip is not known. */
export async function locateAddress(db: Db, locator: IpLocator, address: string): Promise<IpLocation> {
  const zip = locator.zipOf(address);
  const [row] = zip ? await db.select().from(zipCodes).where(eq(zipCodes.zip, zip)) : [];
  if (!row) return { ipZip: null, ipCity: null, lat: null, lng: null };
  return { ipZip: row.zip, ipCity: row.city, lat: row.latitude, lng: row.longitude };
}

/** Keep a person's chosen zip on their account. */
export async function saveUserLocation(db: Db, userId: number, zip: string): Promise<ZipAddress> {
  const address = await addressOfZip(db, zip);
  await db.update(users).set({ zip: address.zip }).where(eq(users.id, userId));
  return address;
}

function toAddress(row: ZipRow): ZipAddress {
  return {
    country: 'United States',
    formattedAddress: `${row.city}, ${row.stateCode} ${row.zip}, USA`,
    latitude: row.latitude,
    longitude: row.longitude,
    // The zip table also covers DC and the territories, which the 50-state list leaves out.
    state: findUsState(row.stateCode)?.name ?? row.stateCode,
    stateCode: row.stateCode,
    zip: row.zip,
    city: row.city,
  };
}
