import type { ParsedSearchFilters } from '@yardly/shared/contract';
import { locationMessages, searchMessages } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { type Centre, lookUpZipCentre } from '../location/zip-centres';

/** Where a search is centred: the zip's centre, else the 'lat,lng' given, else nowhere (nationwide). */
export async function searchCentre(
  db: Db,
  filters: Pick<ParsedSearchFilters, 'zip' | 'location'>,
): Promise<Centre | null> {
  if (filters.zip) return zipCentre(db, filters.zip);

  if (filters.location) {
    const [lat, lng] = filters.location.split(',').map((part) => Number(part.trim()));
    if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      throw AppError.badRequest(searchMessages.location, 'location');
    }
    return { lat, lng };
  }
  return null;
}

async function zipCentre(db: Db, zip: string): Promise<Centre | null> {
  const centre = await lookUpZipCentre(db, zip);
  if (centre === undefined) throw AppError.badRequest(locationMessages.fetchError, 'zip');
  return centre;
}
