// Demo rentals (issue 20): a few hundred places for rent across the demo people's zips, so the
// rentals section of a new installation is alive. Deterministic (prng.ts): the same plans on
// every run. Photos are a small shared pool (each property type in a few shots and two colour
// sets) rather than one render per photo, so the seed, which CI runs before the browser tests,
// stays fast: about 40 renders instead of 700.

import { fairHousingFlags } from '@yardly/shared/rules';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { newRefnum } from '../db/refnum';
import { rentalPhotos, rentals, zipCodes } from '../db/schema/index';
import type { FileStore } from '../modules/files/file-store';
import { DEMO_PEOPLE } from './demo-people';
import { DEMO_PHOTO_HEIGHT, DEMO_PHOTO_WIDTH, demoPhoto } from './demo-photos';
import { createRng, type Rng } from './prng';

export const DEMO_RENTAL_COUNT = 300;

const DAY_MS = 86_400_000;

/** What each demo zip is called locally, and what a one-bedroom asks there (cents a month). */
const PLACES: Record<string, { area: string; oneBed: number; streets: readonly string[] }> = {
  '10001': { area: 'Chelsea', oneBed: 380_000, streets: ['West 23rd Street', 'West 26th Street', '9th Avenue'] },
  '11215': { area: 'Park Slope', oneBed: 320_000, streets: ['7th Avenue', 'Garfield Place', '5th Street'] },
  '94110': { area: 'the Mission', oneBed: 340_000, streets: ['Valencia Street', 'Guerrero Street', '22nd Street'] },
  '90026': { area: 'Echo Park', oneBed: 260_000, streets: ['Sunset Boulevard', 'Echo Park Avenue', 'Alvarado St'] },
  '60614': { area: 'Lincoln Park', oneBed: 210_000, streets: ['Armitage Avenue', 'Halsted Street', 'Webster Ave'] },
  '78704': { area: 'South Austin', oneBed: 175_000, streets: ['South Congress Ave', 'Oltorf Street', 'Mary Street'] },
  '98103': { area: 'Fremont', oneBed: 220_000, streets: ['Fremont Avenue N', 'N 36th Street', 'Stone Way N'] },
  '02139': { area: 'Cambridgeport', oneBed: 290_000, streets: ['Magazine Street', 'Putnam Avenue', 'Brookline St'] },
  '80205': { area: 'Five Points', oneBed: 180_000, streets: ['Welton Street', 'Larimer Street', 'Downing Street'] },
  '30307': { area: 'Inman Park', oneBed: 170_000, streets: ['Euclid Avenue', 'Edgewood Avenue', 'Elizabeth St'] },
  '97214': { area: 'Buckman', oneBed: 165_000, streets: ['SE Belmont Street', 'SE Morrison St', 'SE 20th Ave'] },
  '33139': { area: 'South Beach', oneBed: 250_000, streets: ['Collins Avenue', 'Meridian Avenue', 'Euclid Avenue'] },
};

type PropertyType = 'apartment' | 'house' | 'condo' | 'townhouse' | 'room';

const TYPES: readonly { value: PropertyType; label: string; icon: string; weight: number; beds: readonly number[] }[] =
  [
    { value: 'apartment', label: 'Apartment', icon: 'rental-apartment', weight: 45, beds: [0, 1, 1, 2, 2, 3] },
    { value: 'condo', label: 'Condo', icon: 'rental-apartment', weight: 15, beds: [1, 2, 2, 3] },
    { value: 'house', label: 'House', icon: 'rental-house', weight: 15, beds: [2, 3, 3, 4, 5] },
    { value: 'townhouse', label: 'Townhouse', icon: 'rental-house', weight: 10, beds: [2, 3, 3, 4] },
    { value: 'room', label: 'Room', icon: 'rental-room', weight: 15, beds: [1] },
  ];

/** What each photo of a place shows, in order (its caption). */
const SHOTS = ['Front', 'Living room', 'Kitchen', 'Bedroom'] as const;
const PHOTO_PALETTES = ['sand-rent', 'ocean-rent'] as const;

/** Rent relative to a one-bedroom, by bedrooms (0 is a studio). */
const BED_FACTOR = [0.78, 1, 1.35, 1.7, 2.05, 2.4];

const ADJECTIVES = ['Bright', 'Quiet', 'Sunny', 'Spacious', 'Renovated', 'Cozy', 'Charming', 'Modern', 'Light-filled'];
const FEATURES = [
  'hardwood floors throughout',
  'a renovated kitchen with a dishwasher',
  'large windows facing south',
  'a private balcony',
  'a shared back garden',
  'high ceilings and plenty of closet space',
  'central air and heating',
  'a walk-in closet in the main bedroom',
  'a quiet tree-lined block',
  'a bike room and package lockers',
];
const NEARBY = [
  'a short walk to the train',
  'close to shops, cafes and the park',
  'two blocks from the bus line',
  'near the farmers market',
  'minutes from the freeway',
];

export interface DemoRentalPlan {
  landlordSlug: string;
  zip: string;
  title: string;
  description: string;
  propertyType: PropertyType;
  bedrooms: number;
  bathrooms: number;
  squareFeet: number | null;
  rentCents: number;
  depositCents: number;
  /** Days from the seed's day until the place is free. */
  availableInDays: number;
  leaseMonths: number;
  cats: boolean;
  dogs: boolean;
  parking: string;
  laundry: string;
  furnished: boolean;
  utilitiesIncluded: boolean;
  line1: string;
  showStreet: boolean;
  state: 'available' | 'rented' | 'paused';
  /** How long ago it was listed. */
  ageDays: number;
  /** How many of SHOTS it has (1-4), and which colour set. */
  photoCount: number;
  palette: (typeof PHOTO_PALETTES)[number];
}

const roundTo = (cents: number, step: number) => Math.round(cents / step) * step;

function bedroomsPhrase(type: PropertyType, bedrooms: number): string {
  if (type === 'room') return 'furnished room';
  if (bedrooms === 0) return 'studio';
  return `${bedrooms}-bedroom`;
}

function planOne(rng: Rng, index: number): DemoRentalPlan {
  const person = DEMO_PEOPLE[index % DEMO_PEOPLE.length];
  if (!person) throw new Error('demo rentals: no demo people');
  const place = PLACES[person.zip];
  if (!place) throw new Error(`demo rentals: no place data for zip ${person.zip}`);
  const type = rng.weighted(
    TYPES,
    TYPES.map((t) => t.weight),
  );
  const bedrooms = rng.pick(type.beds);
  const isRoom = type.value === 'room';
  const bathrooms = isRoom ? 1 : Math.max(1, Math.min(bedrooms, 1 + rng.int(0, bedrooms) * 0.5));
  const houseLike = type.value === 'house' || type.value === 'townhouse';
  const factor = isRoom ? 0.45 : (BED_FACTOR[bedrooms] ?? 2.4) * (houseLike ? 1.15 : 1);
  const rentCents = roundTo(place.oneBed * factor * (0.85 + rng.next() * 0.3), 2_500);
  const squareFeet = isRoom
    ? rng.int(110, 220)
    : rng.chance(0.9)
      ? roundTo(420 + bedrooms * 330 + rng.int(-60, 160), 10)
      : null;
  const cats = rng.chance(0.55);
  const dogs = rng.chance(isRoom ? 0.15 : 0.4);
  const furnished = isRoom || rng.chance(0.12);
  const phrase = bedroomsPhrase(type.value, bedrooms);
  const noun = isRoom || bedrooms === 0 ? '' : ` ${type.label.toLowerCase()}`;
  const title = `${rng.pick(ADJECTIVES)} ${phrase}${noun} in ${place.area}`;
  const [first, second] = rng.shuffle(FEATURES);
  const description =
    `${title}, ${rng.pick(NEARBY)}. It has ${first} and ${second}.` +
    `${cats || dogs ? ` ${cats && dogs ? 'Cats and dogs' : cats ? 'Cats' : 'Dogs'} are welcome.` : ''}` +
    ` Message me to arrange a viewing.`;
  // Never a phrase fair-housing rules forbid, even by accident of the templates.
  if (fairHousingFlags(description).length > 0) throw new Error(`demo rentals: flagged text "${description}"`);
  const state = rng.weighted(['available', 'rented', 'paused'] as const, [80, 16, 4]);
  return {
    landlordSlug: person.slug,
    zip: person.zip,
    title,
    description,
    propertyType: type.value,
    bedrooms,
    bathrooms,
    squareFeet,
    rentCents,
    depositCents: rng.chance(0.2) ? 0 : roundTo(rentCents * rng.pick([1, 1, 1.5, 2]), 5_000),
    availableInDays: rng.int(-10, 75),
    leaseMonths: isRoom ? rng.pick([1, 6, 12]) : rng.pick([6, 12, 12, 12, 18, 24]),
    cats,
    dogs,
    parking: houseLike ? rng.pick(['driveway', 'garage', 'street']) : rng.pick(['none', 'street', 'street', 'covered']),
    laundry: houseLike ? rng.pick(['in_unit', 'hookups']) : rng.pick(['in_unit', 'in_building', 'in_building', 'none']),
    furnished,
    utilitiesIncluded: isRoom || rng.chance(0.15),
    line1: `${rng.int(12, 2400)} ${rng.pick(place.streets)}${isRoom || houseLike ? '' : `, Apt ${rng.int(1, 9)}${rng.pick(['A', 'B', 'C', 'D'])}`}`,
    showStreet: rng.chance(0.4),
    state,
    ageDays: rng.int(0, 90),
    photoCount: rng.int(1, SHOTS.length),
    palette: rng.pick(PHOTO_PALETTES),
  };
}

/** The demo's places for rent: the same `count` plans on every run. */
export function demoRentalPlans(count = DEMO_RENTAL_COUNT): DemoRentalPlan[] {
  const rng = createRng('demo-rentals');
  return Array.from({ length: count }, (_, i) => planOne(rng, i));
}

const poolKey = (type: PropertyType, palette: string, shot: number) =>
  `rentals/demo/${type}-${palette}-${shot + 1}.jpg`;

/**
 * Render the shared photo pool (each type, colour set and shot once) into the file store. Many
 * places show the same file: deleting one place's photo keeps a file another still shows.
 */
export async function renderDemoRentalPhotos(files: FileStore): Promise<number> {
  const jobs = TYPES.flatMap((type) =>
    PHOTO_PALETTES.flatMap((palette) => SHOTS.map((shot, index) => ({ type, palette, shot, index }))),
  );
  // A few at a time: sharp renders on its own threads, so this overlaps them without flooding CI's cores.
  for (let i = 0; i < jobs.length; i += 4) {
    await Promise.all(
      jobs.slice(i, i + 4).map(async ({ type, palette, shot, index }) => {
        const data = await demoPhoto({ title: `${type.label} · ${shot}`, categorySlug: type.icon, palette, index });
        await files.put(poolKey(type.value, palette, index), data);
      }),
    );
  }
  return jobs.length;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Insert the planned rentals by the demo people (ids by slug), in the caller's transaction;
 * the photo pool must have been rendered. Answers how many rentals and photos went in.
 */
export async function insertDemoRentals(
  tx: Db,
  plans: DemoRentalPlan[],
  personId: ReadonlyMap<string, number | undefined>,
  now: number,
): Promise<{ rentals: number; photos: number }> {
  const zips = [...new Set(plans.map((p) => p.zip))];
  const places = await tx
    .select({ zip: zipCodes.zip, city: zipCodes.city, stateCode: zipCodes.stateCode })
    .from(zipCodes)
    .where(inArray(zipCodes.zip, zips));
  const placeOf = new Map(places.map((p) => [p.zip, p]));
  const rows = plans.map((plan, i) => {
    const landlordId = personId.get(plan.landlordSlug);
    const place = placeOf.get(plan.zip);
    if (!landlordId || !place) throw new Error(`demo rentals: unknown landlord or zip for plan ${i}`);
    const listedAt = new Date(now - plan.ageDays * DAY_MS - (i % 24) * 3_600_000);
    return {
      refnum: newRefnum('rental'),
      landlordId,
      title: plan.title,
      description: plan.description,
      propertyType: plan.propertyType,
      bedrooms: plan.bedrooms,
      bathrooms: plan.bathrooms,
      squareFeet: plan.squareFeet,
      rentCents: plan.rentCents,
      depositCents: plan.depositCents,
      availableFrom: isoDay(new Date(now + plan.availableInDays * DAY_MS)),
      leaseMonths: plan.leaseMonths,
      cats: plan.cats,
      dogs: plan.dogs,
      parking: plan.parking,
      laundry: plan.laundry,
      furnished: plan.furnished,
      utilitiesIncluded: plan.utilitiesIncluded,
      line1: plan.line1,
      city: place.city,
      region: place.stateCode,
      zip: plan.zip,
      showStreet: plan.showStreet,
      state: plan.state,
      listedAt,
      createdAt: listedAt,
      updatedAt: listedAt,
    };
  });
  const idOf = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 100) {
    const batch = rows.slice(i, i + 100);
    const ids = await tx.insert(rentals).values(batch).returning({ id: rentals.id, refnum: rentals.refnum });
    for (const row of ids) idOf.set(row.refnum, row.id);
  }
  const photos = plans.flatMap((plan, i) =>
    Array.from({ length: plan.photoCount }, (_, shot) => ({
      rentalId: idOf.get(rows[i]?.refnum ?? '') as number,
      picno: shot + 1,
      path: poolKey(plan.propertyType, plan.palette, shot),
      width: DEMO_PHOTO_WIDTH,
      height: DEMO_PHOTO_HEIGHT,
    })),
  );
  for (let i = 0; i < photos.length; i += 500) await tx.insert(rentalPhotos).values(photos.slice(i, i + 500));
  return { rentals: rows.length, photos: photos.length };
}
