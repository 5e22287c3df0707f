import type { LoginData, PriceGuidance, RentalSearchDoc, SearchDoc } from '@yardly/shared/contract';
import {
  addressMessages,
  listingActionMessages,
  PRICE_GUIDANCE,
  PRICE_GUIDANCE_LIMIT,
  priceGuidanceMessages,
  rentalMessages,
} from '@yardly/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { categories, ledgerTransactions, type listings } from '../src/db/schema/index';
import { call } from './checkout-helpers';
import { insertListing, insertOrder, insertSeller, topCategories } from './fixtures';
import { advanceClock, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp, userIdOf } from './identity-helpers';
import { b2bOrganisation, memberOf, type TestOrganisation } from './marketplace-helpers';
import { listedRental } from './rental-helpers';

/*
 * Issue 37, items 4 and 5: similar items beside an item and a rental, and local price guidance.
 * Each part reads a subcategory no other listing of the template uses, so what is found is only
 * what the part made.
 */

let t: TestApp;
let acme: TestOrganisation;
let member: LoginData;
let memberId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  acme = await b2bOrganisation(t);
  member = await memberOf(t, acme, 'similar');
  memberId = await userIdOf(t, member);
});
afterAll(() => t.close());

/** A subcategory of its own (no other listing is in it), under the first top category: its ids, refnum and parent's slug. */
async function emptySubcategory() {
  const db = t.database.db;
  const [top] = await topCategories(db);
  if (!top) throw new Error('no category');
  const word = Math.random().toString(36).slice(2, 8);
  const [sub] = await db
    .insert(categories)
    .values({ refnum: newRefnum('category'), parentId: top.id, slug: `similar-${word}`, title: `Similar ${word}` })
    .returning();
  if (!sub) throw new Error('no subcategory');
  return { id: sub.id, parentId: top.id, refnum: sub.refnum, parentSlug: top.slug };
}

type Sub = Awaited<ReturnType<typeof emptySubcategory>>;

/** A live listing in `sub`, by a new seller unless `sellerId` is given. */
async function listed(sub: Sub, title: string, overrides: Partial<typeof listings.$inferInsert> = {}) {
  const sellerId = overrides.sellerId ?? (await insertSeller(t.database.db)).id;
  return insertListing(t.database.db, sellerId, sub.parentSlug, {
    categoryId: sub.parentId,
    subCategoryId: sub.id,
    title,
    ...overrides,
    sellerId,
  });
}

const refnums = (docs: { listingRefnum: string }[]) => docs.map((d) => d.listingRefnum);

function similar(refnum: string, token?: string, zip?: string) {
  const q = `listingRefnum=${refnum}${zip ? `&zip=${zip}` : ''}`;
  return call<SearchDoc[]>(t, 'GET', `/svc/listing/similar?${q}`, token);
}

describe('GET /svc/listing/similar', () => {
  let sub: Sub;
  let item: Awaited<ReturnType<typeof listed>>;
  const mine: Record<string, string> = {};

  beforeAll(async () => {
    sub = await emptySubcategory();
    item = await listed(sub, 'Red road bike 54cm', { shippable: false });
    const ref = async (name: string, title: string, overrides: Partial<typeof listings.$inferInsert> = {}) => {
      mine[name] = (await listed(sub, title, overrides)).refnum;
    };
    await ref('near', 'Red road bike 54cm', { zip: '10001', shippable: false });
    await ref('brooklyn', 'Red road bike 54cm', { zip: '11201', shippable: false });
    await ref('shipsFromLA', 'Red road bike 54cm', { zip: '90001', shippable: true });
    await ref('lessAlike', 'Blue mountain bike', { zip: '10001', shippable: false });
    await ref('pickupInLA', 'Red road bike 54cm', { zip: '90012', shippable: false });
    await ref('sameSeller', 'Red road bike 54cm', { sellerId: item.sellerId, shippable: false });
    await ref('sold', 'Red road bike 54cm', { state: 'sold', shippable: false });
    await ref('members', 'Red road bike 54cm', {
      sellerId: memberId,
      organizationId: acme.id,
      shippable: false,
    });
    const other = await emptySubcategory();
    mine.otherSubcategory = (await listed(other, 'Red road bike 54cm', { shippable: false })).refnum;
  });

  it('ranks the same subcategory by title similarity, then distance; leaves out the seller, sold, itself, far pickups and other subcategories', async () => {
    const res = await similar(item.refnum);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const docs = res.body.data ?? [];
    expect(refnums(docs)).toEqual([mine.near, mine.brooklyn, mine.shipsFromLA, mine.lessAlike]);
    // The cards search answers: distance in whole miles from the viewer (the item's place here).
    expect(docs[0]?.distanceMiles).toBe(0);
    expect(docs[1]?.distanceMiles).toBeGreaterThan(0);
    expect(docs[2]?.shippingPriceCents).not.toBeNull();
    expect(docs[0]?.listingTitle).toBe('Red road bike 54cm');
  });

  it('measures "near" from the viewer\'s zip when the page gives one', async () => {
    // From Los Angeles (90001) the pickup-only bike downtown is near (the one there that ships nearer still), the New York ones are not (and do not ship).
    const res = await similar(item.refnum, undefined, '90001');
    expect(refnums(res.body.data ?? [])).toEqual([mine.shipsFromLA, mine.pickupInLA]);
  });

  it('never shows a members-only listing outside its organisation, with or without a token', async () => {
    for (const token of [undefined, (await signedUp(t, freshEmail('outsider'))).token, member.token]) {
      const res = await similar(item.refnum, token);
      expect(refnums(res.body.data ?? [])).not.toContain(mine.members);
    }
  });

  it("beside an organisation's listing, its members see the organisation's like items; others get 404", async () => {
    const colleague = await memberOf(t, acme, 'colleague');
    const orgItem = await listed(sub, 'Red road bike 54cm', {
      sellerId: await userIdOf(t, colleague),
      organizationId: acme.id,
      shippable: false,
    });
    const seen = await similar(orgItem.refnum, member.token);
    expect(refnums(seen.body.data ?? [])).toEqual([mine.members]);
    const outsider = await similar(orgItem.refnum, (await signedUp(t, freshEmail('outsider'))).token);
    expect(outsider.status).toBe(404);
    expect(outsider.body.msg).toBe(listingActionMessages.notFound);
  });

  it('answers at most 8', async () => {
    const many = await emptySubcategory();
    const centre = await listed(many, 'Oak dining chair', { shippable: false });
    for (let i = 0; i < 10; i += 1) await listed(many, `Oak dining chair ${i}`, { shippable: false });
    const res = await similar(centre.refnum);
    expect(res.body.data).toHaveLength(8);
  });

  it("answers 404 with the listings' message for an unknown or malformed refnum", async () => {
    for (const refnum of [newRefnum('listing'), 'nope']) {
      const res = await similar(refnum);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe(listingActionMessages.notFound);
    }
  });

  it("more from this seller: the seller's other live listings, newest first", async () => {
    const older = await listed(sub, 'Bike pump', {
      sellerId: item.sellerId,
      createdAt: new Date(Date.now() - 5 * DAY),
    });
    await listed(sub, 'Old helmet', { sellerId: item.sellerId, state: 'sold' });
    const res = await call<SearchDoc[]>(t, 'GET', `/svc/listing/similar/seller?listingRefnum=${item.refnum}`);
    expect(res.status).toBe(200);
    expect(refnums(res.body.data ?? [])).toEqual([mine.sameSeller, older.refnum]);
  });
});

describe('GET /rental/listings/similar', () => {
  it("ranks places of the same type near it by title similarity then distance, never its landlord's", async () => {
    const landlord = await signedUp(t, freshEmail('landlord'));
    const word = `zebu${Math.random().toString(36).slice(2, 6)}`;
    const title = `Sunny ${word} loft with terrace`;
    const place = await listedRental(t, landlord.token, { title, propertyType: 'townhouse', zip: '10001' });
    await listedRental(t, landlord.token, { title, propertyType: 'townhouse', zip: '10001' });
    const other = await signedUp(t, freshEmail('landlord'));
    const near = await listedRental(t, other.token, { title, propertyType: 'townhouse', zip: '10001' });
    const farther = await listedRental(t, other.token, { title, propertyType: 'townhouse', zip: '11201' });
    const lessAlike = await listedRental(t, other.token, {
      title: `Dark ${word} cellar`,
      propertyType: 'townhouse',
      zip: '10001',
    });
    const tooFar = await listedRental(t, other.token, { title, propertyType: 'townhouse', zip: '19103' });
    const house = await listedRental(t, other.token, { title, propertyType: 'house', zip: '10001' });
    const res = await call<RentalSearchDoc[]>(t, 'GET', `/rental/listings/similar?refnum=${place}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const found = (res.body.data ?? []).map((d) => d.refnum);
    expect(found.filter((r) => [near, farther, lessAlike, tooFar, house].includes(r))).toEqual([
      near,
      farther,
      lessAlike,
    ]);
    expect(found).not.toContain(place);

    const fromLandlord = await call<RentalSearchDoc[]>(t, 'GET', `/rental/listings/similar/landlord?refnum=${near}`);
    expect((fromLandlord.body.data ?? []).map((d) => d.refnum)).toEqual([house, tooFar, lessAlike, farther]);
  });

  it("answers 404 with the rentals' message for an unknown refnum", async () => {
    const res = await call(t, 'GET', `/rental/listings/similar?refnum=${newRefnum('rental')}`);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(rentalMessages.notFound);
  });
});

describe('GET /svc/listing/price-guidance', () => {
  let sub: Sub;
  let now: Date;
  let buyerId: number;

  beforeAll(async () => {
    sub = await emptySubcategory();
    now = await advanceClock(t, 0);
    buyerId = (await insertSeller(t.database.db)).id;
  });

  /**
   * A sale as the orders and the ledger record it: a sold listing, its order in `state`, and
   * (for a completed one) the ledger's release dated `releasedDaysAgo`.
   */
  async function sale(
    priceCents: number,
    options: {
      zip?: string;
      condition?: 'used' | 'like_new';
      sub?: Sub;
      state?: 'delivered' | 'shipped' | 'returned';
      releasedDaysAgo?: number | null;
    } = {},
  ) {
    const db = t.database.db;
    const where = options.sub ?? sub;
    const listing = await listed(where, 'Sold thing', {
      zip: options.zip ?? '10001',
      condition: options.condition ?? 'used',
      state: 'sold',
      priceCents,
    });
    const order = await insertOrder(db, listing, buyerId, {
      at: now,
      priceCents,
      state: options.state ?? 'delivered',
    });
    const daysAgo = options.releasedDaysAgo === undefined ? 1 : options.releasedDaysAgo;
    if (daysAgo !== null) {
      await db.insert(ledgerTransactions).values({
        kind: 'release',
        orderId: order.id,
        memo: `Order ${order.refnum} delivered`,
        at: new Date(now.getTime() - daysAgo * DAY),
      });
    }
  }

  function guidance(query: string) {
    return call<PriceGuidance | null>(t, 'GET', `/svc/listing/price-guidance?${query}`);
  }
  const asked = () => `categoryRefnum=${sub.refnum}&condition=used&zip=10001`;

  it('needs 5 sales, counts none of another condition, subcategory, place, time or an unfinished or undone order, and gives the middle half', async () => {
    const other = await emptySubcategory();
    for (const price of [1001, 2002, 3003, 4004]) await sale(price);
    // What must never count, each priced to move the band if it did.
    await sale(99_000, { releasedDaysAgo: PRICE_GUIDANCE.days + 1 });
    await sale(99_000, { zip: '19103' }); // Philadelphia, about 80 miles
    await sale(99_000, { condition: 'like_new' });
    await sale(99_000, { sub: other });
    await sale(99_000, { state: 'shipped', releasedDaysAgo: null });
    await sale(99_000, { state: 'delivered', releasedDaysAgo: null });
    await sale(99_000, { state: 'returned' });
    const four = await guidance(asked());
    expect(four.status, JSON.stringify(four.body)).toBe(200);
    expect(four.body.data).toBeNull();

    await sale(5005, { zip: '11201' }); // Brooklyn: within 50 miles
    await sale(9999, { releasedDaysAgo: PRICE_GUIDANCE.days - 1 });
    // Six prices 1001, 2002, 3003, 4004, 5005, 9999: the 25th percentile lies at 1.25 of the five
    // steps (2002 + 0.25 x 1001 = 2252.25), the 75th at 3.75 (4004 + 0.75 x 1001 = 4754.75),
    // rounded to whole cents.
    const six = await guidance(asked());
    expect(six.body.data).toEqual({ lowCents: 2252, highCents: 4755, sales: 6 });
    // The condition's words do as well as its code.
    const byWords = await guidance(`categoryRefnum=${sub.refnum}&condition=Used&zip=10001`);
    expect(byWords.body.data).toEqual({ lowCents: 2252, highCents: 4755, sales: 6 });
    // Far from every sale: nothing.
    const far = await guidance(`categoryRefnum=${sub.refnum}&condition=used&zip=90001`);
    expect(far.body.data).toBeNull();
  });

  it('refuses an unknown condition or a malformed zip with 400 and the reason', async () => {
    const condition = await guidance(`categoryRefnum=${sub.refnum}&condition=mint&zip=10001`);
    expect(condition.status).toBe(400);
    expect(condition.body.errors).toEqual([{ field: 'condition', message: priceGuidanceMessages.condition }]);
    const zip = await guidance(`categoryRefnum=${sub.refnum}&condition=used&zip=1234`);
    expect(zip.status).toBe(400);
    expect(zip.body.errors).toEqual([{ field: 'zip', message: addressMessages.zipInvalid }]);
  });

  it(`answers ${PRICE_GUIDANCE_LIMIT.max} look-ups a quarter hour from one address, then 429 saying when to come back`, async () => {
    await advanceClock(t, PRICE_GUIDANCE_LIMIT.windowMinutes);
    for (let i = 0; i < PRICE_GUIDANCE_LIMIT.max; i += 1) {
      const answered = await guidance(asked());
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    }
    const refused = await guidance(asked());
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('Too many price look-ups from your network, please try again in 15 minutes');
    await advanceClock(t, PRICE_GUIDANCE_LIMIT.windowMinutes);
    expect((await guidance(asked())).status).toBe(200);
  });
});
