import type { SearchDoc, SearchFilters, SearchResult, Suggestion } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, listings, users } from '../src/db/schema/index';
import { categoryBySlug, insertListing, insertSeller } from './fixtures';
import { json, startTestApp, type TestApp } from './harness';
import { post, signedUp } from './identity-helpers';

let t: TestApp;
let electronicsRefnum: string;
let booksRefnum: string;
const DAY = 86_400_000;

// Distances from the centre of 10001 (Manhattan): 12577 is 48.9 miles away, 11776 51.0.
const NEAR_ZIP = '12577';
const FAR_ZIP = '11776';

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  const seller = await insertSeller(db, { zip: '10001' });
  electronicsRefnum = (await categoryBySlug(db, 'electronics')).refnum;
  booksRefnum = (await categoryBySlug(db, 'books-and-stationery')).refnum;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  await insertListing(db, seller.id, 'sports-outdoors', {
    title: 'Kids bicycle with training wheels',
    description: 'A red bike for ages 4 to 6.',
    priceCents: 4000,
    zip: NEAR_ZIP,
    shippable: false,
    createdAt: at(10),
  });
  await insertListing(db, seller.id, 'sports-outdoors', {
    title: 'Road bicycle helmet',
    description: 'Barely worn helmet.',
    priceCents: 2000,
    zip: FAR_ZIP,
    createdAt: at(9),
  });
  await insertListing(db, seller.id, 'electronics', {
    title: 'Bluetooth speaker',
    description: 'Loud and clear, great for a bicycle ride.',
    condition: 'like_new',
    priceCents: 2500,
    offerFreeDelivery: true,
    createdAt: at(8),
  });
  await insertListing(db, seller.id, 'electronics', {
    title: 'Phone charger',
    condition: 'new',
    priceCents: 900,
    zip: '10002',
    createdAt: at(7),
  });
  await insertListing(db, seller.id, 'books-and-stationery', {
    title: 'Cookbook of Italian classics',
    priceCents: 0,
    isDonation: true,
    shippable: false,
    createdAt: at(6),
  });
  for (let i = 0; i < 7; i++) {
    await insertListing(db, seller.id, 'home-decor-furniture', {
      title: `Table lamp ${i + 1}`,
      condition: i % 2 ? 'used' : 'like_new',
      priceCents: 1000 + i * 1500,
      createdAt: at(20 + i),
    });
  }
  // Nobody may ever find these.
  await insertListing(db, seller.id, 'sports-outdoors', { title: 'Deleted bicycle', state: 'deleted' });
  await insertListing(db, seller.id, 'sports-outdoors', { title: 'Sold bicycle', state: 'sold' });
  await insertListing(db, seller.id, 'sports-outdoors', { title: 'Paused bicycle', state: 'paused' });
  await insertListing(db, seller.id, 'sports-outdoors', {
    title: 'Expired bicycle',
    listingEnd: new Date(Date.now() - DAY),
  });
});
afterAll(() => t.close());

async function find(path: string, filters: SearchFilters, token?: string): Promise<SearchResult> {
  const res = await post(t, path, filters, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchResult & { code: number }>(res);
}
const titles = (docs: SearchDoc[]) => docs.map((d) => d.listingTitle);
const brp = (filters: SearchFilters) => find('/search/brp', filters);

describe('radius', () => {
  it('finds a listing 49 miles away within 50 miles and leaves one 51 miles away out', async () => {
    const result = await find('/search/srp', { q: 'bicycle', zip: '10001', d: 50 });
    expect(titles(result.data.docs)).toContain('Kids bicycle with training wheels');
    expect(titles(result.data.docs)).not.toContain('Road bicycle helmet');
    const wider = await find('/search/srp', { q: 'bicycle', zip: '10001', d: 52 });
    expect(titles(wider.data.docs)).toContain('Road bicycle helmet');
  });

  it("shows whole miles between zip centres and the zip's city, never coordinates", async () => {
    const result = await find('/search/srp', { q: 'training wheels', zip: '10001', d: 50 });
    const [doc] = result.data.docs;
    expect(doc?.distance).toBe(49);
    expect(doc?.location).toBe('Salisbury Mills, NY');
    // Timestamps are left out first: a listing ending at hh:mm:41.4xx is not a coordinate.
    const answer = JSON.stringify(result).replace(/"\d{4}-\d{2}-\d{2}T[^"]*"/g, '""');
    expect(answer).not.toMatch(/latitude|longitude|41\.4|-74\.1/);
  });

  it('browses a category by radius too (no query): 49 miles in, 51 miles out', async () => {
    const sports = (await categoryBySlug(t.database.db, 'sports-outdoors')).refnum;
    const near = await brp({ categoryRefnum: sports, zip: '10001', d: 50 });
    expect(titles(near.data.docs)).toEqual(['Kids bicycle with training wheels']);
    expect(near.data.docs[0]?.distance).toBe(49);
    const wider = await brp({ categoryRefnum: sports, zip: '10001', d: 52, sortBy: 'distance' });
    expect(titles(wider.data.docs)).toEqual(['Kids bicycle with training wheels', 'Road bicycle helmet']);
  });

  it("takes a 'lat,lng' location instead of a zip", async () => {
    const result = await find('/search/srp', { q: 'bicycle', location: '40.7506,-73.9972', d: 50 });
    expect(titles(result.data.docs)).toContain('Kids bicycle with training wheels');
    expect(titles(result.data.docs)).not.toContain('Road bicycle helmet');
  });
});

describe('what is found', () => {
  it('never finds deleted, sold, paused or expired listings', async () => {
    const result = await find('/search/srp', { q: 'bicycle', size: 100 });
    for (const hidden of ['Deleted bicycle', 'Sold bicycle', 'Paused bicycle', 'Expired bicycle']) {
      expect(titles(result.data.docs)).not.toContain(hidden);
    }
    // Browsing near a zip reads another index: the same rules hold there.
    const sports = (await categoryBySlug(t.database.db, 'sports-outdoors')).refnum;
    const browsed = await brp({ categoryRefnum: sports, zip: '10001', d: 100, size: 100 });
    expect(titles(browsed.data.docs).sort()).toEqual(['Kids bicycle with training wheels', 'Road bicycle helmet']);
  });

  it("finds listings by their category's new name as soon as it is renamed", async () => {
    const db = t.database.db;
    const books = await categoryBySlug(db, 'books-and-stationery');
    expect((await find('/search/srp', { q: 'almanacs' })).data.totalElements).toBe(0);
    await db.update(categories).set({ title: 'Books and Almanacs' }).where(eq(categories.id, books.id));
    try {
      expect(titles((await find('/search/srp', { q: 'almanacs' })).data.docs)).toEqual([
        'Cookbook of Italian classics',
      ]);
    } finally {
      await db.update(categories).set({ title: books.title }).where(eq(categories.id, books.id));
    }
    expect((await find('/search/srp', { q: 'almanacs' })).data.totalElements).toBe(0);
  });

  it('ranks a title match above a description match', async () => {
    const result = await find('/search/srp', { q: 'bicycle' });
    expect(titles(result.data.docs).at(-1)).toBe('Bluetooth speaker');
    expect(result.data.totalElements).toBe(3);
  });

  it('forgives a typo', async () => {
    const result = await find('/search/srp', { q: 'bicyle' });
    expect(titles(result.data.docs)).toEqual(
      expect.arrayContaining(['Kids bicycle with training wheels', 'Road bicycle helmet']),
    );
  });

  it('finds a new listing at once and forgets a deleted one', async () => {
    const seller = await insertSeller(t.database.db);
    const fresh = await insertListing(t.database.db, seller.id, 'electronics', { title: 'Vintage typewriter' });
    expect(titles((await find('/search/srp', { q: 'typewriter' })).data.docs)).toEqual(['Vintage typewriter']);
    await t.database.db.update(listings).set({ state: 'deleted' }).where(eq(listings.id, fresh.id));
    expect((await find('/search/srp', { q: 'typewriter' })).data.totalElements).toBe(0);
  });

  it('answers a query with no match with an empty page', async () => {
    const result = await find('/search/srp', { q: 'zzqx unobtainium' });
    expect(result.data).toEqual({ docs: [], totalElements: 0, number: 0, size: 25 });
    expect(result.datastats).toEqual({ minPrice: null, maxPrice: null });
  });
});

describe('facets', () => {
  it('counts each value exactly as many docs as choosing it finds', async () => {
    const all = await brp({ size: 100 });
    const { facetFields } = all.facetcount;
    expect(facetFields.category.length).toBeGreaterThan(2);
    for (const facet of facetFields.category) {
      expect((await brp({ categoryRefnum: facet.value })).data.totalElements, facet.label).toBe(facet.count);
    }
    for (const facet of facetFields.condition) {
      expect((await brp({ conditions: [facet.value] })).data.totalElements, facet.label).toBe(facet.count);
    }
    for (const facet of facetFields.delivery) {
      const chosen = facet.value as 'shipping' | 'localPickup' | 'freeShipping';
      expect((await brp({ delivery: [chosen] })).data.totalElements, facet.label).toBe(facet.count);
    }
    const ranges = { free: [0, 0], 'under-25': [1, 2499], '25-50': [2500, 4999], '50-100': [5000, 9999] };
    for (const [key, [minPrice, maxPrice]] of Object.entries(ranges)) {
      const facet = facetFields.price.find((p) => p.value === key);
      expect((await brp({ minPrice, maxPrice })).data.totalElements, key).toBe(facet?.count);
    }
    expect(facetFields.price.reduce((sum, p) => sum + p.count, 0)).toBe(all.data.totalElements);
  });

  it('counts a facet as if its own choice were off, and the others on', async () => {
    const result = await brp({ categoryRefnum: electronicsRefnum, conditions: ['New'] });
    expect(result.data.totalElements).toBe(1);
    const condition = Object.fromEntries(result.facetcount.facetFields.condition.map((f) => [f.value, f.count]));
    expect(condition).toEqual({ New: 1, 'Like New': 1 });
    const category = result.facetcount.facetFields.category.find((c) => c.value === booksRefnum);
    expect(category).toBeUndefined();
  });

  it('counts price and delivery as if their own choice were off, and the other on', async () => {
    const chosen = { minPrice: 1000, maxPrice: 3000, delivery: ['freeShipping' as const] };
    const result = await brp(chosen);
    expect(titles(result.data.docs)).toEqual(['Bluetooth speaker']);
    const { price, delivery } = result.facetcount.facetFields;
    // Price ranges among the free-shipping listings, whatever their price: the speaker alone.
    expect(price.filter((p) => p.count > 0).map((p) => [p.value, p.count])).toEqual([['25-50', 1]]);
    // Each way to receive among the listings priced $10-$30, whatever their delivery.
    for (const facet of delivery) {
      const option = facet.value as 'shipping' | 'localPickup' | 'freeShipping';
      const found = await brp({ minPrice: 1000, maxPrice: 3000, delivery: [option] });
      expect(found.data.totalElements, facet.label).toBe(facet.count);
    }
    expect(delivery.find((d) => d.value === 'shipping')?.count).toBeGreaterThan(1);
  });

  it('pivots categories into subcategory counts that add up', async () => {
    const result = await find('/search/pivot', {});
    for (const pivot of result.facetpivot.pivotFields) {
      expect(pivot.pivot.reduce((sum, p) => sum + p.count, 0)).toBe(pivot.count);
    }
    const withSub = await brp({ categoryRefnum: electronicsRefnum });
    const [sub] = withSub.facetcount.facetFields.subCategory;
    expect(sub?.count).toBe(2);
    expect((await brp({ subCategoryRefnum: sub?.value })).data.totalElements).toBe(2);
  });

  it("gives the match's lowest and highest price", async () => {
    const result = await brp({ categoryRefnum: electronicsRefnum });
    expect(result.datastats).toEqual({ minPrice: 900, maxPrice: 2500 });
  });
});

describe('sorting and pages', () => {
  const prices = (docs: SearchDoc[]) => docs.map((d) => d.listingCurrentPrice);

  it('sorts by price either way', async () => {
    const up = prices((await brp({ sortBy: 'currentPrice', sortOrder: 'asc', size: 100 })).data.docs);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = prices((await brp({ sortBy: 'currentPrice', sortOrder: 'desc', size: 100 })).data.docs);
    expect(down).toEqual([...up].reverse());
  });

  it('sorts newest first, and by distance nearest first', async () => {
    const newest = titles((await brp({ sortBy: 'newest', size: 3 })).data.docs);
    expect(newest).toEqual(['Cookbook of Italian classics', 'Phone charger', 'Bluetooth speaker']);
    const near = (await brp({ sortBy: 'distance', zip: '10001', d: 100, size: 100 })).data.docs;
    const miles = near.map((d) => d.distance ?? -1);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(near.at(-1)?.listingTitle).toBe('Road bicycle helmet');
  });

  it('sorts by relevance with a query', async () => {
    const result = await find('/search/srp', { q: 'bicycle', sortBy: 'relevance' });
    expect(titles(result.data.docs)[2]).toBe('Bluetooth speaker');
  });

  it('pages through every match exactly once with the same total', async () => {
    const all = await brp({ size: 100, sortBy: 'currentPrice' });
    const seen: string[] = [];
    for (let page = 0; page < 4; page++) {
      const result = await brp({ page, size: 4, sortBy: 'currentPrice' });
      expect(result.data).toMatchObject({ number: page, size: 4, totalElements: all.data.totalElements });
      seen.push(...result.data.docs.map((d) => d.listingRefnum));
    }
    expect(seen).toEqual(all.data.docs.map((d) => d.listingRefnum));
  });

  it('answers category data with the spec defaults: 11 a page, cheapest first', async () => {
    const result = await find('/search/category', { categoryRefnum: electronicsRefnum });
    expect(result.data).toMatchObject({ number: 0, size: 11, totalElements: 2 });
    expect(prices(result.data.docs)).toEqual([900, 2500]);
  });
});

describe('the general search', () => {
  it("leaves out the signed-in caller's own listings", async () => {
    const me = await signedUp(t);
    const [owner] = await t.database.db.select().from(users).where(eq(users.refnum, me.userRefnum));
    await insertListing(t.database.db, owner?.id ?? 0, 'toys-games', { title: 'My own wooden puzzle' });
    expect(titles((await find('/search', { q: 'wooden puzzle' })).data.docs)).toEqual(['My own wooden puzzle']);
    expect((await find('/search', { q: 'wooden puzzle' }, me.token)).data.totalElements).toBe(0);
  });

  it("marks the caller's favourites, and only theirs", async () => {
    const seller = await signedUp(t);
    const [owner] = await t.database.db.select().from(users).where(eq(users.refnum, seller.userRefnum));
    await insertListing(t.database.db, owner?.id ?? 0, 'toys-games', { title: 'Saved rocking horse' });
    await insertListing(t.database.db, owner?.id ?? 0, 'toys-games', { title: 'Unsaved rocking horse' });
    const buyer = await signedUp(t);
    const guest = await find('/search', { q: 'rocking horse' });
    const saved = guest.data.docs.find((d) => d.listingTitle === 'Saved rocking horse');
    expect(guest.data.docs.map((d) => d.isFavourite)).toEqual([undefined, undefined]);
    const fav = await t.app.inject({
      method: 'POST',
      url: `/svc/fav/create?listingRefnum=${saved?.listingRefnum}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(fav.statusCode, fav.body).toBe(200);
    const marked = (await find('/search', { q: 'rocking horse' }, buyer.token)).data.docs;
    expect(Object.fromEntries(marked.map((d) => [d.listingTitle, d.isFavourite]))).toEqual({
      'Saved rocking horse': true,
      'Unsaved rocking horse': false,
    });
    const other = await signedUp(t);
    const unmarked = (await find('/search', { q: 'rocking horse' }, other.token)).data.docs;
    expect(unmarked.every((d) => d.isFavourite === false)).toBe(true);
  });
});

describe('bad input', () => {
  const bad = async (path: string, payload: unknown, message: string | RegExp) => {
    const res = await post(t, path, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(json<{ msg: string }>(res).msg).toMatch(message);
  };

  it('refuses a negative distance, a huge page size and a huge query with a clear message', async () => {
    await bad('/search/brp', { d: -1 }, 'Distance cannot be below 0 miles');
    await bad('/search/brp', { size: 10_000 }, 'Page size can be at most 100');
    await bad('/search/srp', { q: 'a'.repeat(1_000_000) }, 'Search text can be at most 200 characters');
    await bad('/search/srp', {}, 'Type something to search for');
    await bad('/search/brp', { zip: '1234' }, 'Please enter a valid US Zip Code');
    await bad('/search/brp', { zip: '00000' }, 'Error fetching location details');
    await bad('/search/brp', { location: '95,200' }, "Location must be 'latitude,longitude'");
    await bad('/search/brp', { minPrice: 10.5 }, 'Price must be whole cents from 0 to 100,000,000 ($1,000,000)');
    await bad('/search/brp', { maxPrice: 100_000_001 }, 'Price must be whole cents from 0 to 100,000,000 ($1,000,000)');
    await bad('/search/brp', { minPrice: 5000, maxPrice: 1000 }, 'The minimum price cannot be above the maximum price');
    await bad('/search/brp', { sortBy: 'price; drop table listings' }, /sortBy/);
  });

  it('treats SQL-looking text as words: an empty or ordinary result, never an error', async () => {
    for (const q of ["'; drop table listings; --", "bicycle' or '1'='1", '%_\\', '!!! & | <-> :*', ')))(((']) {
      const res = await post(t, '/search/srp', { q });
      expect(res.statusCode, q).toBe(200);
      const suggest = await t.app.inject({ method: 'GET', url: `/search/auto-suggest?q=${encodeURIComponent(q)}` });
      expect(suggest.statusCode, q).toBe(200);
    }
    await bad('/search/brp', { categoryRefnum: "1' or 1=1" }, /categoryRefnum/);
    expect((await find('/search/srp', { q: 'bicycle' })).data.totalElements).toBe(3);
  });

  it('refuses a 1 MB auto-suggest query', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/search/auto-suggest?q=${'b'.repeat(1_000_000)}` });
    expect(res.statusCode).toBe(400);
    expect(json<{ msg: string }>(res).msg).toMatch('Search text can be at most 200 characters');
  });
});

describe('auto-suggest', () => {
  const suggest = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/search/auto-suggest?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: { suggestions: Suggestion[] } }>(res).data.suggestions;
  };

  it("suggests bicycle titles for 'bicyle', never a hidden listing", async () => {
    const texts = (await suggest('bicyle')).map((s) => s.text);
    expect(texts).toEqual(expect.arrayContaining(['Kids bicycle with training wheels', 'Road bicycle helmet']));
    expect(texts.filter((text) => /Deleted|Sold|Paused|Expired/.test(text))).toEqual([]);
  });

  it('suggests categories by name, with their refnum', async () => {
    const [first] = await suggest('electro');
    expect(first).toEqual({ kind: 'category', text: 'Electronics', categoryRefnum: electronicsRefnum });
  });

  it('suggests nothing for a single letter', async () => {
    expect(await suggest('b')).toEqual([]);
  });
});

describe('home rails', () => {
  it('answers near you, free near you, just listed and, in v2, a rail per category shortcut', async () => {
    const res = await post(t, '/search/merch/v2', { zip: '10001' });
    expect(res.statusCode, res.body).toBe(200);
    const rails = json<{ carasoul_data: { key: string; title: string; docs: SearchDoc[] }[] }>(res).carasoul_data;
    expect(rails.slice(0, 3).map((r) => r.title)).toEqual(['Near you', 'Free near you', 'Just listed']);
    expect(rails.find((r) => r.key === 'free-near-you')?.docs.map((d) => d.listingCurrentPrice)).toEqual([0]);
    expect(rails.find((r) => r.title === 'Electronics')?.docs).toHaveLength(2);
    const v1 = json<{ carasoul_data: unknown[] }>(await post(t, '/search/merch', { zip: '10001' }));
    expect(v1.carasoul_data).toHaveLength(3);
  });
});
