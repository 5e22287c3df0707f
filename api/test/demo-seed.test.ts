import type { ListingCard, ListingDetail, RentalCard, RentalDetail } from '@yardly/shared/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasDemoData, seedDemo } from '../src/seed/demo';
import { json, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  expect(await hasDemoData(t.database.db)).toBe(false);
  await seedDemo(t.database.db, t.files);
}, 180_000);
afterAll(() => t.close());

describe('the demo data', () => {
  it('puts at least 200 live listings on the marketplace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/listing/recentItems?size=100' });
    expect(json<{ data: { totalElements: number } }>(res).data.totalElements).toBeGreaterThanOrEqual(200);
    expect(await hasDemoData(t.database.db)).toBe(true);
  });

  it('spreads them over categories, prices, conditions and at least 10 zips in several states', async () => {
    const rows = await t.database.db.execute(sql`
      select count(distinct l.category_id)::int as categories, count(distinct l.zip)::int as zips,
             count(distinct z.state_code)::int as states, count(distinct l.condition)::int as conditions,
             count(*) filter (where l.price_cents = 0 and not l.is_donation)::int as free,
             count(*) filter (where l.is_donation)::int as donated,
             count(*) filter (where l.weight_lbs > 20)::int as too_heavy
      from listings l join zip_codes z on z.zip = l.zip`);
    const stats = (rows as unknown as { rows: Record<string, number>[] }).rows[0];
    expect(stats?.categories).toBeGreaterThanOrEqual(12);
    expect(stats?.zips).toBeGreaterThanOrEqual(10);
    expect(stats?.states).toBeGreaterThanOrEqual(6);
    expect(stats?.conditions).toBe(5);
    expect(stats?.free).toBeGreaterThan(0);
    expect(stats?.donated).toBeGreaterThan(0);
    expect(stats?.too_heavy).toBe(0);
  });

  it('gives every listing 1 to 4 real photos', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/listing/recentItems?size=5' });
    const cards = json<{ data: { docs: ListingCard[] } }>(res).data.docs;
    for (const card of cards) {
      const detail = await t.app.inject({
        method: 'POST',
        url: `/svc/listing/detailListing/v2?listingRefnum=${card.listingRefnum}`,
      });
      const listing = json<{ data: { listing: ListingDetail } }>(detail).data.listing;
      expect(listing.pictures.length).toBeGreaterThanOrEqual(1);
      expect(listing.pictures.length).toBeLessThanOrEqual(4);
      const photo = await t.app.inject({ method: 'GET', url: listing.pictures[0]?.url ?? '' });
      const meta = await sharp(photo.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 600]);
    }
  });
});

describe('the demo rentals', () => {
  it('puts a few hundred places on the rentals section, across the demo zips, some rented', async () => {
    const rows = await t.database.db.execute(sql`
      select count(*)::int as total, count(*) filter (where state = 'available')::int as available,
             count(*) filter (where state = 'rented')::int as rented, count(distinct zip)::int as zips,
             count(distinct region)::int as states, count(distinct landlord_id)::int as landlords,
             count(distinct property_type)::int as types, count(distinct bedrooms)::int as beds,
             count(*) filter (where cats or dogs)::int as pets
      from rentals`);
    const stats = (rows as unknown as { rows: Record<string, number>[] }).rows[0];
    expect(stats?.total).toBeGreaterThanOrEqual(200);
    expect(stats?.rented).toBeGreaterThan(0);
    expect(stats?.zips).toBeGreaterThanOrEqual(10);
    expect(stats?.states).toBeGreaterThanOrEqual(6);
    expect(stats?.landlords).toBeGreaterThanOrEqual(10);
    expect(stats?.types).toBe(5);
    expect(stats?.beds).toBeGreaterThanOrEqual(5);
    expect(stats?.pets).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: '/rental/listings/recentItems?size=100' });
    expect(json<{ data: { totalElements: number } }>(res).data.totalElements).toBe(stats?.available);
  });

  it('shows each with real photos, and no hidden street line in public answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/rental/listings/recentItems?size=100' });
    const cards = json<{ data: { docs: RentalCard[] } }>(res).data.docs;
    const hidden = await t.database.db.execute(sql`select line1 from rentals where not show_street limit 20`);
    for (const { line1 } of (hidden as unknown as { rows: { line1: string }[] }).rows) {
      expect(res.body).not.toContain(line1);
    }
    for (const card of cards.slice(0, 5)) {
      const detail = await t.app.inject({
        method: 'GET',
        url: `/rental/listings/byListingRefnum?refnum=${card.refnum}`,
      });
      const rental = json<{ data: RentalDetail }>(detail).data;
      expect(rental.pictures.length).toBeGreaterThanOrEqual(1);
      const photo = await t.app.inject({ method: 'GET', url: rental.pictures[0]?.url ?? '' });
      const meta = await sharp(photo.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 600]);
    }
  });
});
