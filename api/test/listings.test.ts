import type { ListingCard, ListingDetail } from '@yardly/shared/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhoto, categoryBySlug, insertListing, insertSeller } from './fixtures';
import { json, startTestApp, type TestApp } from './harness';

let t: TestApp;
let seller: Awaited<ReturnType<typeof insertSeller>>;
let phone: Awaited<ReturnType<typeof insertListing>>;
let photoKey: string;
const DAY = 86_400_000;

type Page = { docs: ListingCard[]; totalElements: number; number: number; size: number };

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  seller = await insertSeller(db, { zip: '11215', company: 'VERIFIED' });
  // Thirty live electronics, oldest first, then one of each kind nobody may find.
  for (let i = 0; i < 30; i++) {
    await insertListing(db, seller.id, 'electronics', {
      title: `Gadget ${i}`,
      createdAt: new Date(Date.now() - (60 - i) * 60_000),
    });
  }
  phone = await insertListing(db, seller.id, 'electronics', {
    title: 'iPhone 12, 64GB',
    priceCents: 123450,
    zip: '11215',
  });
  photoKey = await addPhoto(db, t.files, phone.id, phone.refnum);
  await insertListing(db, seller.id, 'electronics', { title: 'Deleted one', state: 'deleted' });
  await insertListing(db, seller.id, 'electronics', { title: 'Sold one', state: 'sold' });
  await insertListing(db, seller.id, 'electronics', { title: 'Paused one', state: 'paused' });
  await insertListing(db, seller.id, 'electronics', { title: 'Expired one', listingEnd: new Date(Date.now() - DAY) });
  await insertListing(db, seller.id, 'books-and-stationery', { title: 'A novel', priceCents: 0, isDonation: true });
});
afterAll(() => t.close());

async function recent(query = ''): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url: `/svc/listing/recentItems${query}` });
  expect(res.statusCode).toBe(200);
  return json<{ data: Page }>(res).data;
}

describe('recent items', () => {
  it('lists live listings newest first as cards, 25 to a page by default', async () => {
    const page = await recent();
    expect(page).toMatchObject({ totalElements: 32, number: 0, size: 25 });
    expect(page.docs).toHaveLength(25);
    expect(page.docs[0]?.listingTitle).toBe('A novel');
    expect(page.docs[1]).toEqual({
      listingRefnum: phone.refnum,
      listingTitle: 'iPhone 12, 64GB',
      listingPictureUrl: `/svc/files/${photoKey}`,
      location: 'Brooklyn, NY',
      listingCurrentPrice: 123450,
      listingEnd: expect.any(String),
      listingDeleted: false,
      saleType: 0,
      sellerRefnum: seller.refnum,
      offerCount: 0,
      shippable: true,
      meetToDeliver: true,
      offerFreeDelivery: false,
      buyNow: true,
      isDonation: false,
    });
  });

  it('never shows deleted, sold, deactivated or expired listings', async () => {
    const all = [...(await recent('?size=100')).docs.map((d) => d.listingTitle)];
    expect(all).not.toEqual(expect.arrayContaining(['Deleted one']));
    for (const hidden of ['Deleted one', 'Sold one', 'Paused one', 'Expired one']) expect(all).not.toContain(hidden);
  });

  it('pages without overlap', async () => {
    const second = await recent('?page=1&size=25');
    expect(second).toMatchObject({ number: 1, size: 25, totalElements: 32 });
    expect(second.docs).toHaveLength(7);
    const first = await recent('?page=0&size=25');
    const firstIds = new Set(first.docs.map((d) => d.listingRefnum));
    expect(second.docs.some((d) => firstIds.has(d.listingRefnum))).toBe(false);
  });

  it('refuses a negative page and an oversized page', async () => {
    for (const query of ['?page=-1', '?size=0', '?size=10000', '?page=abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/svc/listing/recentItems${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(json(res).code).toBe(400);
    }
  });
});

describe('listings by category', () => {
  it("lists a category's live listings with its title", async () => {
    const electronics = await categoryBySlug(t.database.db, 'electronics');
    const res = await t.app.inject({
      method: 'POST',
      url: `/svc/listing/bycategoryrefnum?categoryRefnum=${electronics.refnum}&size=10&page=3`,
    });
    const data = json<{ data: Page & { categoryTitle: string } }>(res).data;
    expect(data).toMatchObject({ categoryTitle: 'Electronics', subCategoryTitle: null, totalElements: 31, number: 3 });
    expect(data.docs.map((d) => d.listingTitle)).toEqual(['Gadget 0']);
  });

  it('narrows to a subcategory given as the category or as subCategoryRefnum', async () => {
    const db = t.database.db;
    const books = await categoryBySlug(db, 'books-and-stationery');
    const res = await t.app.inject({
      method: 'POST',
      url: `/svc/listing/bycategoryrefnum?categoryRefnum=${books.refnum}`,
    });
    expect(json<{ data: Page }>(res).data.docs.map((d) => d.listingTitle)).toEqual(['A novel']);
  });

  it('answers 404 for an unknown category', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/bycategoryrefnum?categoryRefnum=C00000000000',
    });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ code: 404, msg: 'This category does not exist' });
  });

  it('answers 400 without a category', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/svc/listing/bycategoryrefnum' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 400, errors: [{ field: 'categoryRefnum' }] });
  });
});

describe('listing details', () => {
  it('answers the details by query or body, with the seller and company status', async () => {
    for (const request of [
      { url: `/svc/listing/detailListing/v2?listingRefnum=${phone.refnum}` },
      { url: '/svc/listing/detailListing/v2', payload: { listingRefnum: phone.refnum } },
    ]) {
      const res = await t.app.inject({ method: 'POST', ...request });
      expect(res.statusCode).toBe(200);
      const data = json<{ data: { listing: ListingDetail; itemAvailable: boolean; success: boolean } }>(res).data;
      expect(data.itemAvailable).toBe(true);
      expect(data.success).toBe(true);
      expect(data.listing).toMatchObject({
        listingTitle: 'iPhone 12, 64GB',
        listingCurrentPrice: 123450,
        categoryTitle: 'Electronics',
        condition: 'Used',
        conditionCode: 'used',
        city: 'Brooklyn',
        stateCode: 'NY',
        pictures: [{ picno: 1, url: `/svc/files/${photoKey}` }],
        sellerCompanyStatus: 'VERIFIED',
        seller: { userRefnum: seller.refnum, name: 'Dana S.', location: 'Brooklyn, NY' },
      });
      // Never the seller's email or exact coordinates.
      expect(JSON.stringify(data)).not.toMatch(/@example\.com|latitude|longitude/);
    }
  });

  it('answers itemAvailable false for an unknown, malformed, deleted or deactivated listing', async () => {
    const db = t.database.db;
    const deleted = await insertListing(db, seller.id, 'electronics', { state: 'deleted' });
    const paused = await insertListing(db, seller.id, 'electronics', { state: 'paused' });
    for (const refnum of ['L00000000000', 'not-a-refnum', deleted.refnum, paused.refnum]) {
      const res = await t.app.inject({ method: 'POST', url: `/svc/listing/detailListing/v2?listingRefnum=${refnum}` });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ code: 200, data: { listing: null, itemAvailable: false, success: true } });
    }
  });

  it('still shows a sold listing, so buyers can see what they bought', async () => {
    const sold = await insertListing(t.database.db, seller.id, 'electronics', { state: 'sold' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/svc/listing/detailListing/v2?listingRefnum=${sold.refnum}`,
    });
    expect(json<{ data: { listing: ListingDetail } }>(res).data.listing.saleType).toBe(1);
  });
});

describe('photos', () => {
  it('serves a stored photo with a year-long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/svc/files/${photoKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
  });

  it('serves the gallery thumbnail, 160 by 160', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/svc/files/${photoKey}?w=160&h=160` });
    const meta = await sharp(res.rawPayload).metadata();
    expect([res.statusCode, meta.width, meta.height]).toEqual([200, 160, 160]);
  });

  it('answers many simultaneous first requests for one size, all alike', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: `/svc/files/${photoKey}?w=1200` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('serves the card size, 253 by 210', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/svc/files/${photoKey}?w=253&h=210` });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 253, 210]);
  });

  it('refuses sizes it does not offer and paths outside the store', async () => {
    const odd = await t.app.inject({ method: 'GET', url: `/svc/files/${photoKey}?w=4000&h=4000` });
    expect(odd.statusCode).toBe(400);
    expect(json(odd).msg).toBe(
      'This photo size is not offered; use one of w=253&h=210, w=506&h=420, w=160&h=160, w=800, w=1200',
    );
    for (const url of [
      '/svc/files/../../etc/passwd',
      '/svc/files/listings/%2e%2e/x.jpg',
      '/svc/files/listings/X/nope.jpg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(json(res).code).toBe(404);
    }
  });
});
