import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { zipCodes } from '../../db/schema/index';

export interface Centre {
  lat: number;
  lng: number;
}

/**
 * The zips' centres already looked up, per database. The zip table is reference data that
 * nothing changes while the api runs, and it is bounded (some 42,000 zips), so every search
 * near a known zip saves a round trip. Unknown zips are not kept.
 */
const knownCentres = new WeakMap<Db, Map<string, Centre | null>>();

/** A zip's centre; null when the zip is unknown or has no coordinates (no distance from it). */
export async function centreOfZip(db: Db, zip: string): Promise<Centre | null> {
  return (await lookUpZipCentre(db, zip)) ?? null;
}

/** The zip's centre (null without coordinates), undefined when there is no such zip. */
export async function lookUpZipCentre(db: Db, zip: string): Promise<Centre | null | undefined> {
  let known = knownCentres.get(db);
  if (!known) {
    known = new Map();
    knownCentres.set(db, known);
  }
  const kept = known.get(zip);
  if (kept !== undefined) return kept;
  const [row] = await db
    .select({ lat: zipCodes.latitude, lng: zipCodes.longitude })
    .from(zipCodes)
    .where(eq(zipCodes.zip, zip));
  if (!row) return undefined;
  // A zip without coordinates can be shown but not searched around: search nationwide.
  const centre = row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng };
  known.set(zip, centre);
  return centre;
}
