import { PRICE_RANGES, type SearchFilters, type SearchResult } from '@yardly/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, users } from '../src/db/schema/index';
import { PRICE_RANGE_FLOORS } from '../src/modules/search/ship-counts';
import { categoryBySlug, insertListing, insertSeller } from './fixtures';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import { post, signedUp } from './identity-helpers';

// Issue 38: a nationwide browse counts the listings that ship from counts kept ahead by a trigger
// (docs/decisions/0067). Its newest page takes them; a browse sorted by price still reads every
// listing one by one, so the two must always show the same totals, prices and facets.
let t: TestApp;
let sellerId: number;
let toysRefnum: string;
const SEATTLE = '98101';

beforeAll(async () => {
  t = await startTestApp();
  sellerId = (await insertSeller(t.database.db, { zip: SEATTLE })).id;
  toysRefnum = (await categoryBySlug(t.database.db, 'toys-games')).refnum;
});
afterAll(() => t.close());

async function find(filters: SearchFilters, token?: string, path = '/search/brp'): Promise<SearchResult> {
  const res = await post(t, path, filters, token);
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchResult>(res);
}

/** What a person sees besides the page: the count, the price span and every facet. */
const shown = (r: SearchResult) => ({
  total: r.data.totalElements,
  prices: r.datastats,
  facets: r.facetcount,
  pivot: r.facetpivot,
});

/** The newest page (counted ahead) and the cheapest first (every listing read): the same figures. */
async function wide(filters: SearchFilters = {}, token?: string, path?: string): Promise<SearchResult> {
  const near = { zip: '10001', d: 50, nationwide: true, ...filters };
  const counted = await find({ ...near, sortBy: 'newest' }, token, path);
  const read = await find({ ...near, sortBy: 'currentPrice' }, token, path);
  expect(shown(counted)).toEqual(shown(read));
  return counted;
}

const facet = (r: SearchResult, name: 'price' | 'delivery' | 'condition', value: string) =>
  r.facetcount.facetFields[name].find((f) => f.value === value)?.count ?? 0;
const toys = (r: SearchResult) => r.facetcount.facetFields.category.find((f) => f.value === toysRefnum)?.count ?? 0;

const seattleToy = (overrides: Partial<typeof listings.$inferInsert>) =>
  insertListing(t.database.db, sellerId, 'toys-games', { zip: SEATTLE, shippable: true, ...overrides });

describe('a nationwide browse counted ahead', () => {
  it('files prices in the ranges the price facet shows', async () => {
    expect(PRICE_RANGE_FLOORS).toEqual(PRICE_RANGES.map((r) => r.minCents));
    for (const [i, range] of PRICE_RANGES.entries()) {
      for (const cents of [range.minCents, range.maxCents ?? 10_000_000]) {
        const result = (await t.database.db.execute(
          sql`select listing_price_range(${cents}::int) as r`,
        )) as unknown as {
          rows: { r: number }[];
        };
        expect(Number(result.rows[0]?.r), `${cents} cents`).toBe(i);
      }
    }
  });

  it('shows the listings that ship from far away in its facets, as one read one by one', async () => {
    const before = await wide();
    await seattleToy({ priceCents: 0, isDonation: false, offerFreeDelivery: true, title: 'Free toy train' });
    await seattleToy({ priceCents: 3000, condition: 'like_new', title: 'Toy kitchen' });
    await seattleToy({ priceCents: 30_000, title: 'Rocking horse' });
    await seattleToy({ shippable: false, title: 'Pickup only toy box' });
    const after = await wide();
    expect(after.data.totalElements).toBe(before.data.totalElements + 3);
    expect(toys(after)).toBe(toys(before) + 3);
    expect(facet(after, 'price', 'free')).toBe(facet(before, 'price', 'free') + 1);
    expect(facet(after, 'price', '25-50')).toBe(facet(before, 'price', '25-50') + 1);
    expect(facet(after, 'price', '250-up')).toBe(facet(before, 'price', '250-up') + 1);
    expect(facet(after, 'delivery', 'freeShipping')).toBe(facet(before, 'delivery', 'freeShipping') + 1);
    expect(after.datastats.maxPrice).toBeGreaterThanOrEqual(30_000);
    // Each facet counts with the other filters, as the chips show them.
    const chosen = await wide({ categoryRefnum: toysRefnum, conditions: ['Like New'], delivery: ['shipping'] });
    expect(chosen.data.docs.map((d) => d.listingTitle)).toContain('Toy kitchen');
    const free = await wide({ freeOnly: true });
    expect(free.data.docs.map((d) => d.listingTitle)).toContain('Free toy train');
  });

  it('stops counting a listing at once when it sells, changes price range, stops shipping or is deleted', async () => {
    const db = t.database.db;
    const sold = await seattleToy({ priceCents: 4000, title: 'Toy drum' });
    const repriced = await seattleToy({ priceCents: 4500, title: 'Toy piano' });
    const pickup = await seattleToy({ priceCents: 4900, title: 'Toy tent' });
    const deleted = await seattleToy({ priceCents: 2600, title: 'Toy robot' });
    const before = await wide();
    await db.update(listings).set({ state: 'sold' }).where(eq(listings.id, sold.id));
    await db.update(listings).set({ priceCents: 12_000 }).where(eq(listings.id, repriced.id));
    await db.update(listings).set({ shippable: false }).where(eq(listings.id, pickup.id));
    await db.delete(listings).where(eq(listings.id, deleted.id));
    const after = await wide();
    expect(facet(after, 'price', '25-50')).toBe(facet(before, 'price', '25-50') - 4);
    expect(facet(after, 'price', '100-250')).toBe(facet(before, 'price', '100-250') + 1);
    expect(after.data.totalElements).toBe(before.data.totalElements - 3);
    // Relisted, it is counted again.
    await db.update(listings).set({ state: 'live' }).where(eq(listings.id, sold.id));
    expect((await wide()).data.totalElements).toBe(before.data.totalElements - 2);
  });

  it('leaves out a live listing past its end before its timer has run', async () => {
    const now = await advanceClock(t, 0);
    const before = await wide();
    // Filed straight into the table: no timer will ever expire it.
    await seattleToy({ priceCents: 5500, title: 'Toy garage', listingEnd: new Date(now.getTime() - 60_000) });
    const after = await wide();
    expect(after.data.totalElements).toBe(before.data.totalElements);
    expect(facet(after, 'price', '50-100')).toBe(facet(before, 'price', '50-100'));
    await seattleToy({ priceCents: 5500, title: 'Toy car', listingEnd: new Date(now.getTime() + 60_000) });
    expect(facet(await wide(), 'price', '50-100')).toBe(facet(before, 'price', '50-100') + 1);
  });

  it("leaves out the signed-in searcher's own listings that ship", async () => {
    const me = await signedUp(t);
    const [owner] = await t.database.db.select().from(users).where(eq(users.refnum, me.userRefnum));
    await insertListing(t.database.db, owner?.id ?? 0, 'toys-games', {
      zip: SEATTLE,
      shippable: true,
      priceCents: 99_900,
      title: 'My own toy castle',
    });
    const guest = await wide({}, undefined, '/search');
    const mine = await wide({}, me.token, '/search');
    expect(mine.data.totalElements).toBe(guest.data.totalElements - 1);
    expect(toys(mine)).toBe(toys(guest) - 1);
    expect(guest.datastats.maxPrice).toBe(99_900);
    expect(mine.datastats.maxPrice).toBeLessThan(99_900);
  });
});
