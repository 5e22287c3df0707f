import type { LoginData } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, testPaymentIntents } from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { authorisedIntent, createPI, type Intent, ordersOf, placeOrder } from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { acceptOffer, makeOffer } from './offer-helpers';
import { publishedListing, setBuyNow } from './selling-helpers';

let t: TestApp;
let seller: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signedUp(t, freshEmail('seller'));
});
afterAll(() => t?.close());

async function statuses(ids: string[]) {
  const rows = await t.database.db
    .select({ status: testPaymentIntents.status })
    .from(testPaymentIntents)
    .where(inArray(testPaymentIntents.id, ids));
  return rows.map((r) => r.status).sort();
}

describe('races on one listing', () => {
  it('50 buyers pressing Buy Now at once: one order, 49 × 409, 49 authorisations released, nothing captured for them', async () => {
    const listing = await publishedListing(t, seller.token, { shippable: false, meetToDeliver: true });
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => signedUp(t, freshEmail(`racer${i}`))));
    const intents: Intent[] = [];
    for (const buyer of buyers) {
      intents.push(await authorisedIntent(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup' }));
    }
    const answers = await Promise.all(buyers.map((b, i) => placeOrder(t, b.token, intents[i]?.paymentIntentId ?? '')));
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    expect(new Set(lost.map((a) => a.body.msg))).toEqual(new Set([orderMessages.noLongerAvailable]));
    expect(await ordersOf(t, listing)).toHaveLength(1);
    const ids = intents.map((i) => i.paymentIntentId);
    expect(await statuses(ids)).toEqual([...Array(49).fill('canceled'), 'succeeded']);
    const report = await checkLedger(t.database.db);
    expect(ledgerIsSound(report)).toBe(true);
  }, 120_000);

  it('an accepted offer’s payment racing a Buy Now started before the acceptance: the offer’s buyer wins', async () => {
    const listing = await publishedListing(t, seller.token, {
      shippable: false,
      meetToDeliver: true,
      listingPrice: 3000,
    });
    const quick = await signedUp(t, freshEmail('quick'));
    const offerer = await signedUp(t, freshEmail('offerer'));
    const buyNow = await authorisedIntent(t, quick.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
    // The seller then switches it to take offers; the Buy Now already authorised still races.
    await setBuyNow(t, listing, false);
    const made = await makeOffer(t, offerer.token, listing, 2600);
    await acceptOffer(t, seller.token, made.body.data.offerRefnum);
    const paying = await authorisedIntent(t, offerer.token, {
      listingRefnum: listing,
      offerRefnum: made.body.data.offerRefnum,
      deliveryMethod: 'pickup',
    });
    const [a, b] = await Promise.all([
      placeOrder(t, quick.token, buyNow.paymentIntentId),
      placeOrder(t, offerer.token, paying.paymentIntentId),
    ]);
    expect([a?.status, a?.body.msg]).toEqual([409, orderMessages.noLongerAvailable]);
    expect(b?.status).toBe(200);
    expect(await statuses([buyNow.paymentIntentId, paying.paymentIntentId])).toEqual(['canceled', 'succeeded']);
    const [order] = await ordersOf(t, listing);
    expect(order?.itemPriceCents).toBe(2600);
  });

  it('idempotent retries: the same createPI key at once gives one intent, the same place at once one order', async () => {
    const listing = await publishedListing(t, seller.token, { shippable: false, meetToDeliver: true });
    const buyer = await signedUp(t, freshEmail('retrier'));
    const body = { listingRefnum: listing, deliveryMethod: 'pickup' as const };
    const created = await Promise.all(Array.from({ length: 5 }, () => createPI(t, buyer.token, body, 'same-key')));
    expect(new Set(created.map((c) => c.status))).toEqual(new Set([200]));
    expect(new Set(created.map((c) => c.body.data.paymentIntentId)).size).toBe(1);
    const id = created[0]?.body.data.paymentIntentId ?? '';
    expect(await t.database.db.select().from(checkouts).where(eq(checkouts.paymentIntentId, id))).toHaveLength(1);
    const intent = await authorisedIntent(t, buyer.token, body);
    const placed = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(t, buyer.token, intent.paymentIntentId)),
    );
    expect(new Set(placed.map((p) => p.status))).toEqual(new Set([200]));
    expect(new Set(placed.map((p) => p.body.data.orderId)).size).toBe(1);
    expect(await ordersOf(t, listing)).toHaveLength(1);
    expect(await statuses([intent.paymentIntentId])).toEqual(['succeeded']);
  });
});
