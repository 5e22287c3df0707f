import type { LoginData } from '@yardly/shared/contract';
import { OPEN_CHECKOUTS_PER_BUYER, orderMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '../src/db/schema/index';
import { dueCheckouts } from '../src/modules/orders/abandoned';
import { authorisedIntent, createPI, savedAddress } from './checkout-helpers';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp, userIdOf } from './identity-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { publishedListing } from './selling-helpers';

// Issue 34: the sweep of checkouts left in a closed tab was starved: one account opened 300
// checkouts, and an authorised checkout waited over 20 minutes behind 1,399 others.

let t: TestApp;
let seller: LoginData;
let listing: string;
const people: LoginData[] = [];

beforeAll(async () => {
  t = await startTestApp();
  seller = await signedUp(t, freshEmail('seller'));
  people.push(seller);
  listing = await publishedListing(t, seller.token);
});
afterAll(() => t?.close());

async function person(prefix: string): Promise<LoginData> {
  const someone = await signedUp(t, freshEmail(prefix));
  people.push(someone);
  return someone;
}

const pickup = (listingRefnum: string) => ({ listingRefnum, deliveryMethod: 'pickup' as const });

async function checkoutOf(paymentIntentId: string) {
  const [row] = await t.database.db
    .select({ sweptAt: checkouts.sweptAt })
    .from(checkouts)
    .where(eq(checkouts.paymentIntentId, paymentIntentId));
  return row;
}

describe('open checkouts per person', () => {
  it(`refuses a ${OPEN_CHECKOUTS_PER_BUYER + 1}th open checkout with 429 and says why; a retry of an open one still answers`, async () => {
    const buyer = await person('many-tabs');
    const keys: string[] = [];
    for (let i = 0; i < OPEN_CHECKOUTS_PER_BUYER; i += 1) {
      const key = `tab-${i}-${buyer.userRefnum}`;
      keys.push(key);
      const res = await createPI(t, buyer.token, pickup(listing), key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const refused = await createPI(t, buyer.token, pickup(listing));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, msg: orderMessages.tooManyOpenCheckouts });
    // The same Idempotency-Key is the same checkout, not another one.
    expect((await createPI(t, buyer.token, pickup(listing), keys[0])).status).toBe(200);

    // Once the sweep has looked at them (15 minutes on, its next run), the person may start again.
    await advanceKeepingSignedIn(t, 20, people);
    expect((await createPI(t, buyer.token, pickup(listing))).status).toBe(200);
  });
});

describe('the sweep of closed tabs', () => {
  it('takes every person’s oldest first: one account’s many checkouts do not hold another’s back', async () => {
    // One account's checkouts, older, beside one of another person's, newer.
    const crowd = await person('crowd');
    for (let i = 0; i < OPEN_CHECKOUTS_PER_BUYER; i += 1)
      expect((await createPI(t, crowd.token, pickup(listing))).status).toBe(200);
    await advanceKeepingSignedIn(t, 1, people);
    const other = await person('other');
    const mine = await createPI(t, other.token, pickup(listing));
    expect(mine.status).toBe(200);
    const now = new Date(t.app.clock.now().getTime() + 16 * 60_000);
    // Three due now: the earlier person's sixth tab, the crowd's five, the other's one, in that order of age.
    const next = await dueCheckouts(t.database.db, 'test', now, { limit: 3 });
    const crowdId = await userIdOf(t, crowd);
    expect(next.filter((c) => c.buyerId === crowdId)).toHaveLength(1);
    expect(next.map((c) => c.buyerId)).toContain(await userIdOf(t, other));
    // The crowd's one is its oldest.
    const [oldest] = await t.database.db
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(eq(checkouts.buyerId, crowdId))
      .orderBy(checkouts.createdAt, checkouts.id);
    expect(next.find((c) => c.buyerId === crowdId)?.id).toBe(oldest?.id);
    await advanceKeepingSignedIn(t, 20, people);
  });

  it('places an authorised checkout within 20 minutes even behind more than a hundred others', async () => {
    // 21 people with 5 open checkouts each (105: more than a run's batch of 100, none authorised), then one authorised checkout, the newest.
    for (let p = 0; p < 21; p += 1) {
      const someone = await person(`tab${p}`);
      for (let i = 0; i < OPEN_CHECKOUTS_PER_BUYER; i += 1)
        expect((await createPI(t, someone.token, pickup(listing))).status).toBe(200);
    }
    const buyer = await person('authorised');
    const item = await publishedListing(t, seller.token);
    const addressId = await savedAddress(t, buyer.token);
    const intent = await authorisedIntent(t, buyer.token, { listingRefnum: item, deliveryMethod: 'ship', addressId });

    await advanceKeepingSignedIn(t, 20, people);
    const orders = await t.app.inject({
      method: 'GET',
      url: '/svc/orders?side=buying',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(orders.statusCode).toBe(200);
    const listed = json<{ data: { items?: { listingRefnum: string }[] } & Record<string, unknown> }>(orders).data;
    expect(JSON.stringify(listed)).toContain(item);
    expect((await checkoutOf(intent.paymentIntentId))?.sweptAt).not.toBeNull();
  }, 240_000);
});
