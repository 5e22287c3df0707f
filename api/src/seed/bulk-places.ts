// Where the bulk catalogue's sellers live: 25 metro areas, 24 zips around each centre
// (600 zips), so a search near a big city meets thousands of listings, as it would live.
import zipcodes from 'zipcodes';

/** Centre zips of the metros (from the `zipcodes` package, all with coordinates). */
export const BULK_METRO_CENTRES = [
  '10001', // New York
  '90012', // Los Angeles
  '60602', // Chicago
  '77002', // Houston
  '85004', // Phoenix
  '19107', // Philadelphia
  '78205', // San Antonio
  '92101', // San Diego
  '75201', // Dallas
  '95113', // San Jose
  '78701', // Austin
  '32202', // Jacksonville
  '43215', // Columbus
  '28202', // Charlotte
  '94103', // San Francisco
  '46204', // Indianapolis
  '98101', // Seattle
  '80202', // Denver
  '20001', // Washington
  '02108', // Boston
  '37203', // Nashville
  '97204', // Portland
  '89101', // Las Vegas
  '30303', // Atlanta
  '55401', // Minneapolis
] as const;

export const ZIPS_PER_METRO = 24;
/** Every 8th of the nearest zips, so a metro's listings spread over its suburbs too. */
const SPREAD = 8;

interface Place {
  zip: string;
  latitude: number;
  longitude: number;
}

/** The 600 zips, metro by metro, nearest the centre first. Deterministic. */
export function bulkZips(): string[][] {
  const all: Place[] = Object.values(zipcodes.codes).filter(
    (z): z is Place & typeof z =>
      z.country === 'US' && typeof z.latitude === 'number' && typeof z.longitude === 'number',
  );
  return BULK_METRO_CENTRES.map((centreZip) => {
    const centre = zipcodes.lookup(centreZip);
    if (!centre || typeof centre.latitude !== 'number') throw new Error(`bulk seed: no coordinates for ${centreZip}`);
    const c = centre as Place;
    return all
      .map((z) => ({ zip: z.zip, d: squaredDegrees(c, z) }))
      .sort((a, b) => a.d - b.d || a.zip.localeCompare(b.zip))
      .slice(0, ZIPS_PER_METRO * SPREAD)
      .filter((_z, i) => i % SPREAD === 0)
      .map((z) => z.zip);
  });
}

/** Good enough to rank neighbours within one metro (longitude shrunk by latitude). */
function squaredDegrees(a: Place, b: Place): number {
  const dLat = a.latitude - b.latitude;
  const dLng = (a.longitude - b.longitude) * Math.cos((a.latitude * Math.PI) / 180);
  return dLat * dLat + dLng * dLng;
}
