// The rental bench's catalogue: a deterministic set of rentals across the country, four in five
// in the 600 zips of the bulk catalogue's 25 metros (so a search near a big city meets hundreds of
// places, as it would live), the rest in zips drawn from the whole country. Nine in ten are on
// the market; the rest are rented or deactivated, so the partial indexes have rows to leave out.
// No photos: the cards show the placeholder.
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../src/db/connect';
import { newRefnum } from '../src/db/refnum';
import { rentals, users, zipCodes } from '../src/db/schema/index';
import { bulkZips } from '../src/seed/bulk-places';
import { createRng } from '../src/seed/prng';

const DAY_MS = 86_400_000;
const ROWS_PER_INSERT = 1000;
const LANDLORDS = 500;
const emailOf = (i: number) => `bulk.landlord.${i}@example.com`;

const TYPES = ['apartment', 'house', 'condo', 'townhouse', 'room'] as const;
const TYPE_WEIGHTS = [55, 15, 15, 10, 5];
const TYPE_WORDS: Record<(typeof TYPES)[number], string> = {
  apartment: 'apartment',
  house: 'house',
  condo: 'condo',
  townhouse: 'townhouse',
  room: 'room in a shared flat',
};
const ADJECTIVES = ['Sunny', 'Quiet', 'Spacious', 'Renovated', 'Cosy', 'Bright', 'Modern', 'Charming'];
const FEATURES = [
  'with balcony',
  'near the park',
  'with garden',
  'close to transit',
  'with hardwood floors',
  'with a view',
  'with parking',
  'by the river',
];
const DETAILS = [
  'Dishwasher and updated kitchen.',
  'Walk to shops and cafes.',
  'Large windows and lots of light.',
  'Heat and hot water included.',
  'Storage in the basement.',
  'Laundry on site.',
  'Freshly painted, new appliances.',
  'Balcony facing the courtyard.',
];

/** True once the bench's rentals are in (a kept database is not seeded twice). */
export async function hasBulkRentals(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, emailOf(0)));
  return Boolean(row);
}

/** `count` rentals, the same ones on every run, listed over the last 60 days. */
export async function seedBulkRentals(db: Db, count: number): Promise<void> {
  const rng = createRng('yardly-bulk-rentals-v1');
  const places = new Map(
    (
      await db
        .select({ zip: zipCodes.zip, city: zipCodes.city, state: zipCodes.stateCode })
        .from(zipCodes)
        .where(isNotNull(zipCodes.latitude))
    ).map((z) => [z.zip, z]),
  );
  const metroZips = bulkZips()
    .flat()
    .filter((zip) => places.has(zip));
  const everywhere = [...places.keys()].sort();
  const now = Date.now();
  await db.transaction(async (tx) => {
    const landlords = await tx
      .insert(users)
      .values(
        Array.from({ length: LANDLORDS }, (_, i) => ({
          refnum: newRefnum('user'),
          email: emailOf(i),
          nameFirst: 'Lee',
          nameLast: `Landlord ${i}`,
          emailVerifiedAt: new Date(now - 400 * DAY_MS),
        })),
      )
      .returning({ id: users.id });
    for (let start = 0; start < count; start += ROWS_PER_INSERT) {
      const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, count - start) }, () => {
        const zip = rng.chance(0.8) ? rng.pick(metroZips) : rng.pick(everywhere);
        const place = places.get(zip);
        const type = rng.weighted(TYPES, TYPE_WEIGHTS);
        const bedrooms = type === 'room' ? 1 : rng.weighted([0, 1, 2, 3, 4, 5], [10, 30, 30, 18, 8, 4]);
        const rent = (70_000 + bedrooms * 55_000 + rng.int(0, 60) * 2_500) * (type === 'room' ? 0.6 : 1);
        const listedAt = new Date(now - rng.int(0, 60 * 24 * 60) * 60_000);
        const beds = bedrooms === 0 ? 'studio' : `${bedrooms}-bedroom`;
        return {
          refnum: newRefnum('rental'),
          landlordId: rng.pick(landlords).id,
          title: `${rng.pick(ADJECTIVES)} ${type === 'room' ? '' : `${beds} `}${TYPE_WORDS[type]} ${rng.pick(FEATURES)}`,
          description: `${rng.pick(DETAILS)} ${rng.pick(DETAILS)} ${rng.pick(DETAILS)}`,
          propertyType: type,
          bedrooms,
          bathrooms: Math.max(1, Math.min(4, bedrooms)) + (rng.chance(0.3) ? 0.5 : 0),
          squareFeet: 300 + bedrooms * 350 + rng.int(0, 400),
          rentCents: Math.round(rent / 500) * 500,
          depositCents: Math.round(rent / 500) * 500,
          availableFrom: new Date(now + rng.int(-30, 90) * DAY_MS).toISOString().slice(0, 10),
          leaseMonths: rng.pick([1, 6, 12, 12, 12, 18, 24]),
          cats: rng.chance(0.5),
          dogs: rng.chance(0.35),
          parking: rng.pick(['none', 'street', 'driveway', 'garage', 'covered']),
          laundry: rng.pick(['none', 'in_unit', 'in_building', 'hookups']),
          furnished: rng.chance(0.15),
          utilitiesIncluded: rng.chance(0.25),
          line1: `${rng.int(1, 999)} Main Street`,
          showStreet: rng.chance(0.5),
          city: place?.city ?? 'Somewhere',
          region: place?.state ?? 'NY',
          zip,
          state: rng.weighted(['available', 'rented', 'paused'] as const, [90, 7, 3]),
          listedAt,
          createdAt: listedAt,
          updatedAt: listedAt,
        };
      });
      await tx.insert(rentals).values(rows);
    }
  });
  // As after any bulk load: fresh statistics, and a visibility map for index-only browsing.
  await db.execute(sql`vacuum analyze rentals`);
}
