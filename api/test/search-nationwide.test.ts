import type { SearchDoc, SearchFilters, SearchResult } from '@yardly/shared/contract';
import { SHIPPING_WEIGHT_CLASSES } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { organizations, zipCodes } from '../src/db/schema/index';
import { greatCircleMiles } from '../src/modules/location/distance';
import { insertListing, insertSeller } from './fixtures';
import { json, startTestApp, type TestApp } from './harness';
import { post } from './identity-helpers';

// Issue 33: "Ships to you". 98101 (Seattle) is some 2,400 miles from 10001 (Manhattan).
let t: TestApp;
const SEATTLE = '98101';
let kettleRefnum: string;
let standRefnum: string;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const seller = await insertSeller(db, { zip: SEATTLE });
  // 4 lbs: the '3 to 10 lbs' class.
  kettleRefnum = (
    await insertListing(db, seller.id, 'kitchen-appliances-accessories', {
      title: 'Shippable electric kettle',
      zip: SEATTLE,
      weightLbs: 4,
      shippable: true,
      meetToDeliver: true,
    })
  ).refnum;
  standRefnum = (
    await insertListing(db, seller.id, 'kitchen-appliances-accessories', {
      title: 'Pickup only kettle stand',
      description: 'A stand for a kettle.',
      zip: SEATTLE,
      shippable: false,
      meetToDeliver: true,
    })
  ).refnum;
  await insertListing(db, seller.id, 'kitchen-appliances-accessories', {
    title: 'Free shipping kettle lid',
    zip: SEATTLE,
    weightLbs: 1,
    shippable: true,
    offerFreeDelivery: true,
  });
  await insertListing(db, seller.id, 'kitchen-appliances-accessories', {
    title: 'Pickup only kettle in Manhattan',
    zip: '10002',
    shippable: false,
    meetToDeliver: true,
  });
  // A members-only listing is never found by the public, however far it ships.
  const [org] = await db
    .insert(organizations)
    .values({ refnum: newRefnum('organization'), name: 'Kettle Co', status: 'VERIFIED' })
    .returning();
  await insertListing(db, seller.id, 'kitchen-appliances-accessories', {
    title: 'Members only kettle',
    zip: SEATTLE,
    shippable: true,
    organizationId: org?.id,
  });
});
afterAll(() => t.close());

async function find(path: string, filters: SearchFilters): Promise<SearchResult> {
  const res = await post(t, path, filters);
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchResult>(res);
}
async function centre(zip: string): Promise<{ lat: number; lng: number }> {
  const [row] = await t.database.db.select().from(zipCodes).where(eq(zipCodes.zip, zip));
  return { lat: Number(row?.latitude), lng: Number(row?.longitude) };
}
const titles = (docs: SearchDoc[]) => docs.map((d) => d.listingTitle).sort();
const doc = (result: SearchResult, title: string) => result.data.docs.find((d) => d.listingTitle === title);

describe('nationwide ("Ships to you") search', () => {
  it.each(['/search/srp', '/search', '/search/brp'])(
    '%s finds the shippable Seattle kettle from 10001 with nationwide:true, never without',
    async (path) => {
      const local = await find(path, { q: 'kettle', zip: '10001', d: 250 });
      expect(titles(local.data.docs)).toEqual(['Pickup only kettle in Manhattan']);

      const wide = await find(path, { q: 'kettle', zip: '10001', d: 250, nationwide: true });
      expect(titles(wide.data.docs)).toEqual([
        'Free shipping kettle lid',
        'Pickup only kettle in Manhattan',
        'Shippable electric kettle',
      ]);
      expect(wide.data.totalElements).toBe(3);
    },
  );

  it('browses without text nationwide too, pickup-only listings still within the radius', async () => {
    const local = await find('/search/brp', { zip: '10001', d: 50 });
    expect(titles(local.data.docs)).toEqual(['Pickup only kettle in Manhattan']);
    const wide = await find('/search/brp', { zip: '10001', d: 50, nationwide: true, sortBy: 'distance' });
    expect(wide.data.docs.map((d) => d.listingTitle)[0]).toBe('Pickup only kettle in Manhattan');
    expect(titles(wide.data.docs)).toEqual([
      'Free shipping kettle lid',
      'Pickup only kettle in Manhattan',
      'Shippable electric kettle',
    ]);
    // The facets count what is found.
    const delivery = wide.facetcount.facetFields.delivery.find((f) => f.value === 'shipping');
    expect(delivery?.count).toBe(2);
  });

  it('gives each doc its whole miles from the zip and its shipping price (null for pickup only)', async () => {
    const wide = await find('/search/srp', { q: 'kettle', zip: '10001', d: 250, nationwide: true });
    const kettle = doc(wide, 'Shippable electric kettle');
    // 10001 to 98101 between zip centres, in whole miles.
    expect(kettle?.distanceMiles).toBe(Math.round(greatCircleMiles(await centre('10001'), await centre(SEATTLE))));
    expect(kettle?.distanceMiles).toBeGreaterThan(2350);
    expect(kettle?.distance).toBe(kettle?.distanceMiles);
    expect(kettle?.shippingPriceCents).toBe(SHIPPING_WEIGHT_CLASSES[2]?.priceCents);
    expect(kettle?.shippingPriceCents).toBe(1299);
    expect(doc(wide, 'Free shipping kettle lid')?.shippingPriceCents).toBe(0);
    const pickup = doc(wide, 'Pickup only kettle in Manhattan');
    expect(pickup?.shippingPriceCents).toBeNull();
    expect(pickup?.distanceMiles).toBe(2);
  });

  it('answers distanceMiles null without a zip or location, and the shipping price still', async () => {
    const anywhere = await find('/search/srp', { q: 'electric kettle', nationwide: true });
    const kettle = doc(anywhere, 'Shippable electric kettle');
    expect(kettle?.distanceMiles).toBeNull();
    expect(kettle?.shippingPriceCents).toBe(1299);
  });

  it('never finds a pickup-only Seattle item from 10001, either way', async () => {
    for (const nationwide of [false, true]) {
      const result = await find('/search/srp', { q: 'stand', zip: '10001', d: 250, nationwide });
      expect(result.data.docs).toEqual([]);
    }
    // From Seattle it is found, 0 miles away.
    const there = await find('/search/srp', { q: 'stand', zip: SEATTLE, d: 50, nationwide: true });
    expect(titles(there.data.docs)).toEqual(['Pickup only kettle stand']);
    expect(there.data.docs[0]?.distanceMiles).toBe(0);
  });

  it("keeps a members-only listing out of the public's nationwide search", async () => {
    const result = await find('/search/srp', { q: 'members', zip: '10001', nationwide: true });
    expect(result.data.docs).toEqual([]);
  });

  it('takes nationwide as a query-string boolean and refuses anything else', async () => {
    const yes = await find('/search/srp', { q: 'electric kettle', zip: '10001', nationwide: 'true' });
    expect(titles(yes.data.docs)).toEqual(['Shippable electric kettle']);
    const res = await post(t, '/search/srp', { q: 'kettle', zip: '10001', nationwide: 'everywhere' });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(res).errors.map((e) => e.field)).toContain('nationwide');
  });
});

describe("the item page's shipping price and distance (detailListing)", () => {
  type Detail = { data: { listing: { shippingPriceCents: number | null; distanceMiles: number | null } } };
  const detail = async (query: string) => {
    const res = await post(t, `/svc/listing/detailListing/v2?${query}`, undefined);
    expect(res.statusCode, res.body).toBe(200);
    return json<Detail>(res).data.listing;
  };

  it('answers the shipping price, and the whole miles from the zip asked with, as the search does', async () => {
    const wide = await find('/search/srp', { q: 'electric kettle', zip: '10001', nationwide: true });
    const kettle = await detail(`listingRefnum=${kettleRefnum}&zip=10001`);
    expect(kettle).toMatchObject({ shippingPriceCents: 1299, distanceMiles: wide.data.docs[0]?.distanceMiles });
    expect(kettle.distanceMiles).toBeGreaterThan(2350);
    expect(await detail(`listingRefnum=${kettleRefnum}&zip=${SEATTLE}`)).toMatchObject({ distanceMiles: 0 });
  });

  it('answers no distance without a zip or for an unknown one, and no shipping price for pickup only', async () => {
    expect(await detail(`listingRefnum=${kettleRefnum}`)).toMatchObject({
      shippingPriceCents: 1299,
      distanceMiles: null,
    });
    expect(await detail(`listingRefnum=${kettleRefnum}&zip=00001`)).toMatchObject({ distanceMiles: null });
    expect(await detail(`listingRefnum=${standRefnum}&zip=10001`)).toMatchObject({
      shippingPriceCents: null,
      distanceMiles: expect.any(Number),
    });
  });

  it('refuses a zip that is not 5 digits', async () => {
    const res = await post(t, `/svc/listing/detailListing/v2?listingRefnum=${kettleRefnum}&zip=1234`, undefined);
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: { field: string; message: string }[] }>(res).errors).toContainEqual({
      field: 'zip',
      message: 'Please enter a valid US Zip Code',
    });
  });
});
