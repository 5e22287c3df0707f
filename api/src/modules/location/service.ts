import type { ZipAddress } from '@yardly/shared/contract';
import { findUsState, locationMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { zipCodes } from '../../db/schema/index';
import { AppError } from '../../errors';

/** A zip code's place, or the spec's 'Error fetching location details' (not 5 digits, not in the US table). */
export async function addressOfZip(db: Db, zip: string): Promise<ZipAddress> {
  const wanted = zip.trim();
  if (!/^\d{5}$/.test(wanted)) throw AppError.badRequest(locationMessages.fetchError, 'zip');
  const [row] = await db.select().from(zipCodes).where(eq(zipCodes.zip, wanted));
  if (!row) throw AppError.notFound(locationMessages.fetchError);
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
