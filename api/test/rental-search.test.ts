import type { RentalSearch } from '@yardly/shared/contract';
import { locationMessages } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { rentalProperties, rentals } from '../src/db/schema/index';
import { placeCellsOf } from '../src/modules/search/place-cells';
import { insertSeller } from './fixtures';
import { json, startTestApp, type TestApp } from './harness';
import { post } from './identity-helpers';

// POST /rental/search (issue 20): anonymous, the available places near a zip, filtered, sorted
// and paged, with facets for property type, bedrooms and rent bands. Rentals are inserted
// directly, as the listings module would leave them once published (state 'available', listed_at).

interface Facet {
  value: string;
  label: string;
  count: number;
}
interface Doc {
  refnum: string;
  title: string;
  address: string;
  expectedRent: number;
  available: boolean;
  distance: number | null;
  bedrooms: number;
  bathrooms: number;
  state: string;
}
interface Answer {
  code: number;
  data: {
    docs: Doc[];
    totalElements: number;
    number: number;
    size: number;
    facetFields: { propertyType: Facet[]; bedrooms: Facet[]; price: Facet[] };
  };
}

type RentalInsert = typeof rentals.$inferInsert;
const DAY_MS = 86_400_000;
const listedAgo = (days: number) => new Date(Date.UTC(2026, 5, 1) - days * DAY_MS);

let t: TestApp;
let landlordId: number;
/** The refnums of the rentals on the market, by a short name. */
const on: Record<string, string> = {};
/** Rentals that match every filter but must never be found: rented, paused, deleted, a draft. */
const hidden: string[] = [];

async function insertRental(overrides: Partial<RentalInsert>): Promise<string> {
  const refnum = newRefnum('rental');
  await t.database.db.insert(rentals).values({
    refnum,
    landlordId,
    title: 'A place',
    description: 'A place to live.',
    propertyType: 'apartment',
    bedrooms: 1,
    bathrooms: 1,
    rentCents: 150_000,
    availableFrom: '2026-01-01',
    leaseMonths: 12,
    parking: 'street',
    laundry: 'in_unit',
    city: 'New York',
    region: 'NY',
    zip: '10001',
    state: 'available',
    ...overrides,
  });
  return refnum;
}

beforeAll(async () => {
  t = await startTestApp();
  landlordId = (await insertSeller(t.database.db, { zip: '10001' })).id;
  on.sunny = await insertRental({
    title: 'Sunny two-bedroom apartment',
    description: 'Bright rooms over a quiet street.',
    bedrooms: 2,
    bathrooms: 1,
    rentCents: 180_000,
    cats: true,
    availableFrom: '2026-01-01',
    line1: '12 Hidden Street',
    showStreet: false,
    listedAt: listedAgo(1),
  });
  on.studio = await insertRental({
    title: 'Quiet studio near the park',
    description: 'Compact, with a walnut floor.',
    bedrooms: 0,
    rentCents: 95_000,
    availableFrom: '2026-03-01',
    listedAt: listedAgo(2),
  });
  on.house = await insertRental({
    title: 'Family house with garden',
    description: 'Room for everyone.',
    propertyType: 'house',
    bedrooms: 4,
    bathrooms: 2.5,
    rentCents: 350_000,
    cats: true,
    dogs: true,
    availableFrom: '2026-02-01',
    line1: '5 Garden Road',
    city: 'Brooklyn',
    zip: '11201',
    listedAt: listedAgo(3),
  });
  on.condo = await insertRental({
    title: 'Condo with a view',
    description: 'Views of the river.',
    propertyType: 'condo',
    bedrooms: 1,
    bathrooms: 1.5,
    rentCents: 220_000,
    dogs: true,
    availableFrom: '2026-04-01',
    city: 'Salisbury Mills',
    zip: '12577',
    listedAt: listedAgo(4),
  });
  on.faraway = await insertRental({
    title: 'Townhouse by the hills',
    description: 'Sunny patio.',
    propertyType: 'townhouse',
    bedrooms: 3,
    bathrooms: 2,
    rentCents: 250_000,
    city: 'Los Angeles',
    region: 'CA',
    zip: '90012',
    listedAt: listedAgo(5),
  });
  for (const state of ['rented', 'paused', 'deleted', 'draft'] as const) {
    hidden.push(
      await insertRental({
        title: 'Sunny two-bedroom apartment',
        description: 'Bright rooms, zebra wallpaper.',
        bedrooms: 2,
        bathrooms: 2,
        rentCents: 180_000,
        cats: true,
        dogs: true,
        availableFrom: '2026-01-01',
        state,
        listedAt: state === 'draft' ? null : listedAgo(0),
      }),
    );
  }
});
afterAll(() => t.close());

async function search(filters: Partial<RentalSearch>): Promise<Answer['data']> {
  const res = await post(t, '/rental/search', { zip: '10001', d: 25, ...filters });
  expect(res.statusCode, res.body).toBe(200);
  const answer = json<Answer>(res);
  expect(answer.code).toBe(200);
  for (const doc of answer.data.docs) expect(hidden).not.toContain(doc.refnum);
  return answer.data;
}

/** The short names of the places found, in order. */
async function found(filters: Partial<RentalSearch>): Promise<string[]> {
  const byRefnum = new Map(Object.entries(on).map(([name, refnum]) => [refnum, name]));
  return (await search(filters)).docs.map((doc) => byRefnum.get(doc.refnum) ?? doc.refnum);
}

const counts = (facet: Facet[]) => Object.fromEntries(facet.map((f) => [f.label, f.count]));

describe('where rentals are found', () => {
  it('finds the available places within d miles of the zip, newest first, with whole-mile distances', async () => {
    const near = await search({});
    expect(near.docs.map((doc) => doc.refnum)).toEqual([on.sunny, on.studio, on.house]);
    expect(near.totalElements).toBe(3);
    expect(near.docs.map((doc) => doc.distance)).toEqual([0, 0, 4]);
    expect(near.docs.every((doc) => doc.available && doc.state === 'available')).toBe(true);

    expect(await found({ d: 50 })).toEqual(['sunny', 'studio', 'house', 'condo']);
    expect(await found({ d: 1 })).toEqual(['sunny', 'studio']);
    expect(await found({ d: 500 })).toEqual(['sunny', 'studio', 'house', 'condo']);
    expect(await found({ zip: '90012', d: 10 })).toEqual(['faraway']);
  });

  it('finds the same places when the search has text, within the radius only', async () => {
    expect(await found({ text: 'sunny', d: 50 })).toEqual(['sunny']);
    expect(await found({ text: 'sunny', d: 500 })).toEqual(['sunny']);
    expect(await found({ text: 'sunny', zip: '90012', d: 10 })).toEqual(['faraway']);
    const condo = await search({ text: 'condo', d: 50 });
    expect(condo.docs.map((doc) => doc.distance)).toEqual([49]);
  });

  it('finds a rental at its new zip once it moves, and no longer at the old one', async () => {
    const refnum = await insertRental({ title: 'Loft by the station', zip: '90012', listedAt: listedAgo(6) });
    expect((await search({ text: 'loft' })).totalElements).toBe(0);
    await t.database.db.update(rentals).set({ zip: '10002' }).where(eq(rentals.refnum, refnum));
    expect((await search({ text: 'loft' })).docs.map((doc) => doc.refnum)).toEqual([refnum]);
    expect((await search({})).docs.map((doc) => doc.refnum)).toContain(refnum);
    await t.database.db.update(rentals).set({ state: 'rented' }).where(eq(rentals.refnum, refnum));
    expect((await search({ text: 'loft' })).totalElements).toBe(0);
  });

  it("files each rental by its zip's centre, as the listings are filed", async () => {
    const filed = (
      (await t.database.db.execute(sql`
        select r.place_cells as cells, r.place_cell as cell, z.latitude, z.longitude,
          json_build_array(r.place_latitude, r.place_longitude) as kept
        from rentals r join zip_codes z on z.zip = r.zip`)) as unknown as {
        rows: { cells: number[]; cell: number; latitude: number; longitude: number; kept: [number, number] }[];
      }
    ).rows;
    expect(filed.length).toBeGreaterThanOrEqual(9);
    for (const row of filed) {
      expect(row.cells).toEqual(placeCellsOf(row.latitude, row.longitude));
      expect(row.cell).toBe(row.cells[0]);
      expect(row.kept).toEqual([row.latitude, row.longitude]);
    }
  });
});

describe('places that are not on the market', () => {
  it('never finds a rented, paused, deleted or draft place, by browsing, text or any sort', async () => {
    for (const filters of [
      { d: 50 },
      { d: 50, sortBy: 'distance' as const },
      { d: 50, sortBy: 'rentAsc' as const },
      { d: 50, sortBy: 'rentDesc' as const },
      { d: 50, text: 'sunny two-bedroom' },
      { d: 500, pets: 'both' as const, bedrooms: 2 },
    ]) {
      await search(filters); // `search` checks no hidden refnum is among the docs
    }
    expect((await search({ text: 'zebra', d: 500 })).totalElements).toBe(0);
    // Nor are they counted: one sunny apartment near 10001, not five.
    const facets = (await search({ bedrooms: 2, maxRent: 200_000 })).facetFields;
    expect(counts(facets.propertyType).Apartment).toBe(1);
    expect(counts(facets.bedrooms)['2']).toBe(1);
  });
});

describe('filters', () => {
  it('keeps the rent between minRent and maxRent, in cents, both included', async () => {
    expect(await found({ d: 50, minRent: 100_000, maxRent: 250_000 })).toEqual(['sunny', 'condo']);
    expect(await found({ d: 50, maxRent: 180_000 })).toEqual(['sunny', 'studio']);
    expect(await found({ d: 50, minRent: 220_000 })).toEqual(['house', 'condo']);
  });

  it('takes bedrooms and bathrooms as minimums (0 bedrooms: studios and up)', async () => {
    expect(await found({ d: 50, bedrooms: 2 })).toEqual(['sunny', 'house']);
    expect(await found({ d: 50, bedrooms: 0 })).toEqual(['sunny', 'studio', 'house', 'condo']);
    expect(await found({ d: 50, bathrooms: 1.5 })).toEqual(['house', 'condo']);
    expect(await found({ d: 50, bedrooms: 1, bathrooms: 2 })).toEqual(['house']);
  });

  it('takes one property type or several', async () => {
    expect(await found({ d: 50, propertyType: 'house' })).toEqual(['house']);
    expect(await found({ d: 50, propertyType: ['apartment', 'condo'] })).toEqual(['sunny', 'studio', 'condo']);
    expect(await found({ d: 50, propertyType: 'room' })).toEqual([]);
  });

  it('takes pets as cats, dogs, both (or both listed) and any', async () => {
    expect(await found({ d: 50, pets: 'cats' })).toEqual(['sunny', 'house']);
    expect(await found({ d: 50, pets: 'dogs' })).toEqual(['house', 'condo']);
    expect(await found({ d: 50, pets: 'both' })).toEqual(['house']);
    expect(await found({ d: 50, pets: ['cats', 'dogs'] })).toEqual(['house']);
    expect(await found({ d: 50, pets: ['dogs'] })).toEqual(['house', 'condo']);
    expect(await found({ d: 50, pets: 'any' })).toEqual(['sunny', 'house', 'condo']);
  });

  it('finds the places available on or before availableBy', async () => {
    expect(await found({ d: 50, availableBy: '2026-02-01' })).toEqual(['sunny', 'house']);
    expect(await found({ d: 50, availableBy: '2025-12-31' })).toEqual([]);
    expect(await found({ d: 50, availableBy: '2026-04-01' })).toEqual(['sunny', 'studio', 'house', 'condo']);
  });

  it('matches text as the marketplace does: title, description, property type and city, forgiving a typo', async () => {
    expect(await found({ d: 50, text: 'garden' })).toEqual(['house']);
    expect(await found({ d: 50, text: 'walnut' })).toEqual(['studio']);
    expect(await found({ d: 50, text: 'brooklyn' })).toEqual(['house']);
    expect(await found({ zip: '90012', text: 'townhouse' })).toEqual(['faraway']);
    expect(await found({ d: 50, text: 'gardn' })).toEqual(['house']);
    // Web search syntax: 'quiet' but not 'park' (the studio is near the park).
    expect(await found({ d: 50, text: 'quiet -park' })).toEqual(['sunny']);
    expect(await found({ d: 50, text: 'apartment', bedrooms: 1 })).toEqual(['sunny']);
  });
});

describe('sorting and paging', () => {
  it('sorts by newest, rent up, rent down and distance', async () => {
    expect(await found({ d: 50, sortBy: 'newest' })).toEqual(['sunny', 'studio', 'house', 'condo']);
    expect(await found({ d: 50, sortBy: 'rentAsc' })).toEqual(['studio', 'sunny', 'condo', 'house']);
    expect(await found({ d: 50, sortBy: 'rentDesc' })).toEqual(['house', 'condo', 'sunny', 'studio']);
    expect(await found({ zip: '12577', d: 60, sortBy: 'distance' })).toEqual(['condo', 'sunny', 'studio', 'house']);
  });

  it('pages from zero without overlap, echoing the page and its size', async () => {
    const first = await search({ d: 50, size: 3, page: 0 });
    const second = await search({ d: 50, size: 3, page: 1 });
    expect([first.number, first.size, second.number, second.size]).toEqual([0, 3, 1, 3]);
    expect([first.totalElements, second.totalElements]).toEqual([4, 4]);
    expect([...first.docs, ...second.docs].map((doc) => doc.refnum)).toEqual([on.sunny, on.studio, on.house, on.condo]);
    expect((await search({ d: 50, size: 3, page: 5 })).docs).toEqual([]);
    const byRent = await search({ d: 50, size: 3, page: 1, sortBy: 'rentAsc' });
    expect(byRent.docs.map((doc) => doc.refnum)).toEqual([on.house]);
  });
});

describe('facets', () => {
  it('counts the filtered places, each facet without its own filter', async () => {
    const result = await search({ d: 50, bedrooms: 1, maxRent: 250_000 });
    expect(result.docs.map((doc) => doc.refnum)).toEqual([on.sunny, on.condo]);
    const { propertyType, bedrooms, price } = result.facetFields;
    // Bedrooms 1 and up, rent at most $2,500: whatever the type.
    expect(propertyType).toEqual([
      { value: 'apartment', label: 'Apartment', count: 1 },
      { value: 'house', label: 'House', count: 0 },
      { value: 'condo', label: 'Condo', count: 1 },
      { value: 'townhouse', label: 'Townhouse', count: 0 },
      { value: 'room', label: 'Room', count: 0 },
    ]);
    // Rent at most $2,500, any bedrooms: the studio counts, the house does not.
    expect(bedrooms).toEqual([
      { value: '0', label: 'Studio', count: 1 },
      { value: '1', label: '1', count: 1 },
      { value: '2', label: '2', count: 1 },
      { value: '3', label: '3', count: 0 },
      { value: '4', label: '4+', count: 0 },
    ]);
    // Bedrooms 1 and up, any rent: the house's $3,500 counts.
    expect(price).toEqual([
      { value: '0-100000', label: 'Under $1,000', count: 0 },
      { value: '100000-150000', label: '$1,000 to $1,500', count: 0 },
      { value: '150000-200000', label: '$1,500 to $2,000', count: 1 },
      { value: '200000-300000', label: '$2,000 to $3,000', count: 1 },
      { value: '300000-', label: '$3,000 and up', count: 1 },
    ]);
  });

  it('counts with the shared filters (text, pets, radius) and the other facets applied', async () => {
    const { facetFields } = await search({ d: 50, pets: 'dogs', propertyType: 'house' });
    expect(counts(facetFields.propertyType)).toMatchObject({ House: 1, Condo: 1, Apartment: 0 });
    expect(counts(facetFields.bedrooms)).toEqual({ Studio: 0, '1': 0, '2': 0, '3': 0, '4+': 1 });
    expect(counts(facetFields.price)['$3,000 and up']).toBe(1);
    expect(counts(facetFields.price)['$2,000 to $3,000']).toBe(0);

    const nothing = await search({ zip: '90012', d: 1, text: 'garden' });
    expect(nothing.totalElements).toBe(0);
    expect(nothing.facetFields.propertyType.every((f) => f.count === 0)).toBe(true);
    expect(nothing.facetFields.bedrooms.map((f) => f.count)).toEqual([0, 0, 0, 0, 0]);
  });

  it("labels property types from the console's list, and a renamed type is found by its new name", async () => {
    await t.database.db
      .update(rentalProperties)
      .set({ label: 'Condominium' })
      .where(sql`${rentalProperties.kind} = 'propertyType' and ${rentalProperties.value} = 'condo'`);
    try {
      const result = await search({ d: 50, text: 'condominium' });
      expect(result.docs.map((doc) => doc.refnum)).toEqual([on.condo]);
      expect(result.facetFields.propertyType).toContainEqual({ value: 'condo', label: 'Condominium', count: 1 });
    } finally {
      await t.database.db
        .update(rentalProperties)
        .set({ label: 'Condo' })
        .where(sql`${rentalProperties.kind} = 'propertyType' and ${rentalProperties.value} = 'condo'`);
    }
  });
});

describe('what a public answer shows', () => {
  it('never carries a street line the landlord hid, and shows the ones they chose to show', async () => {
    for (const filters of [{ d: 50 }, { d: 50, text: 'sunny' }, { d: 50, sortBy: 'distance' as const }]) {
      const res = await post(t, '/rental/search', { zip: '10001', ...filters });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Hidden Street');
      expect(res.body).not.toContain('line1');
    }
    const docs = (await search({ d: 50 })).docs;
    expect(docs.find((doc) => doc.refnum === on.sunny)?.address).toBe('New York, NY 10001');
    expect(docs.find((doc) => doc.refnum === on.house)?.address).toBe('5 Garden Road, Brooklyn, NY 11201');
  });
});

describe('refusals', () => {
  async function refused(body: unknown) {
    const res = await post(t, '/rental/search', body);
    expect(res.statusCode, res.body).toBe(400);
    const answer = json<{ code: number; errors?: { field: string; message: string }[]; msg?: string }>(res);
    expect(answer.code).toBe(400);
    expect(res.body).not.toMatch(/select |stack/i);
    return answer;
  }

  it("answers 'Error fetching location details' for a zip it does not know", async () => {
    const answer = await refused({ zip: '99999', d: 25 });
    expect(JSON.stringify(answer)).toContain(locationMessages.fetchError);
    expect(locationMessages.fetchError).toBe('Error fetching location details');
  });

  it('refuses a malformed zip, minRent above maxRent, an unknown sort and a day that does not exist', async () => {
    expect((await refused({ zip: 'abcde', d: 25 })).errors?.map((e) => e.field)).toContain('zip');
    expect((await refused({ d: 25 })).errors?.map((e) => e.field)).toContain('zip');
    const rents = await refused({ zip: '10001', minRent: 300_000, maxRent: 100_000 });
    expect(rents.errors).toContainEqual({ field: 'minRent', message: 'Minimum rent must not be above the maximum' });
    expect((await refused({ zip: '10001', sortBy: 'cheapest' })).errors?.map((e) => e.field)).toContain('sortBy');
    expect((await refused({ zip: '10001', availableBy: '2026-02-30' })).errors?.map((e) => e.field)).toContain(
      'availableBy',
    );
    expect((await refused({ zip: '10001', pets: 'birds' })).errors?.map((e) => e.field)).toContain('pets');
    expect((await refused({ zip: '10001', size: 0 })).errors?.map((e) => e.field)).toContain('size');
  });

  it('takes a huge rent bound without failing', async () => {
    expect(await found({ d: 50, maxRent: 9_000_000_000_000 })).toEqual(['sunny', 'studio', 'house', 'condo']);
  });
});
