import { type ParsedSearchFilters, searchMessages } from '@yardly/shared/contract';
import { locationMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { zipCodes } from '../../db/schema/index';
import { AppError } from '../../errors';

export interface Centre {
  lat: number;
  lng: number;
}

/** Where a search is centred: the zip's centre, else the 'lat,lng' given, else nowhere (nationwide). */
export async function searchCentre(
  db: Db,
  filters: Pick<ParsedSearchFilters, 'zip' | 'location'>,
): Promise<Centre | null> {
  if (filters.zip) {
    const [row] = await db
      .select({ lat: zipCodes.latitude, lng: zipCodes.longitude })
      .from(zipCodes)
      .where(eq(zipCodes.zip, filters.zip));
    if (!row) throw AppError.badRequest(locationMessages.fetchError, 'zip');
    // A zip without coordinates can be shown but not searched around: search nationwide.
    return row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng };
  }
  if (filters.location) {
    const [lat, lng] = filters.location.split(',').map((part) => Number(part.trim()));
    if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      throw AppError.badRequest(searchMessages.location, 'location');
    }
    return { lat, lng };
  }
  return null;
}
