import type { LoginData } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, listings, orders } from '../src/db/schema/index';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { createPI, orderDetail, ordersOf, placeOrder, savedAddress } from './checkout-helpers';
import { closeInOrder, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { noticeTextsOf } from './notification-helpers';
import { publishedListing } from './selling-helpers';
import type { StripeStandIn } from './stripe-stand-in';
import { deliver, intentMadeAtStandIn, stripeApp, stripeEvent } from './webhook-helpers';

let t: TestApp;
let standIn: StripeStandIn;
let seller: LoginData;

beforeAll(async () => {
  ({ t, standIn } = await stripeApp(startTestApp));
  seller = await signedUp(t, freshEmail('seller'));
});
afterAll(() => closeInOrder(t, standIn));

/** A buyer's checkout for the listing, authorised by the card in Stripe.js, the page then gone: its intent id. */
async function authorisedAtStripe(buyer: LoginData, listingRefnum: string): Promise<string> {
  const addressId = await savedAddress(t, buyer.token);
  const pi = await createPI(t, buyer.token, { listingRefnum, deliveryMethod: 'ship', addressId });
  expect(pi.status).toBe(200);
  const id = pi.body.data.paymentIntentId;
  expect((await standIn.confirm(id, 'pm_card_visa')).status).toBe(200);
  return id;
}

const authorisedEvent = (intentId: string) =>
  stripeEvent('payment_intent.amount_capturable_updated', {
    id: intentId,
    object: 'payment_intent',
    status: 'requires_capture',
  });

const stripeStatus = (intentId: string) => standIn.objects('pi').find((o) => o.id === intentId)?.status;

async function paymentsPosted(orderId: number): Promise<number> {
  const rows = await t.database.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerTransactions.kind, 'payment')));
  return rows.length;
}

describe("Stripe's authorised event (payment_intent.amount_capturable_updated) places the order", () => {
  it('places the order of a checkout whose page never called place, captures it after the commit, tells the buyer', async () => {
    const buyer = await signedUp(t, freshEmail('gone'));
    const listing = await publishedListing(t, seller.token, { listingPrice: 4200, listingTitle: 'Brass desk lamp' });
    const intentId = await authorisedAtStripe(buyer, listing);
    const event = authorisedEvent(intentId);
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: true });

    const [order] = await ordersOf(t, listing);
    expect(order).toMatchObject({ state: 'paid', paymentIntentId: intentId, totalCents: 4200 + 899 });
    expect(stripeStatus(intentId)).toBe('succeeded');
    const [sold] = await t.database.db.select().from(listings).where(eq(listings.refnum, listing));
    expect(sold?.state).toBe('sold');
    const detail = await orderDetail(t, buyer.token, order?.refnum ?? '');
    expect(detail.body.data).toMatchObject({ status: 'paid', history: [{ event: 'place' }] });
    expect(await noticeTextsOf(t, buyer)).toEqual([
      'Your payment went through: your order for Brass desk lamp is placed.',
    ]);
    expect(
      (await noticeTextsOf(t, seller)).filter(
        (n) => n === 'Sold: Brass desk lamp. See the order to ship it or hand it over.',
      ),
    ).toHaveLength(1);

    // The buyer's page coming back later answers the same order.
    const again = await placeOrder(t, buyer.token, intentId);
    expect([again.status, again.body.data.orderId]).toEqual([200, order?.refnum]);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('a replayed event, or another event about the same intent, changes nothing', async () => {
    const buyer = await signedUp(t, freshEmail('replayed'));
    const listing = await publishedListing(t, seller.token);
    const intentId = await authorisedAtStripe(buyer, listing);
    const event = authorisedEvent(intentId);
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: true });
    expect(await deliver(t, event.payload)).toEqual({ status: 200, applied: false });
    expect(await deliver(t, authorisedEvent(intentId).payload)).toEqual({ status: 200, applied: true });
    const placed = await ordersOf(t, listing);
    expect(placed).toHaveLength(1);
    expect(await paymentsPosted(placed[0]?.id ?? 0)).toBe(1);
    expect(await noticeTextsOf(t, buyer)).toHaveLength(1);
    expect(stripeStatus(intentId)).toBe('succeeded');
  });

  it("racing the buyer's own POST /svc/orders/place: one order, both answer it", async () => {
    for (let round = 0; round < 3; round++) {
      const buyer = await signedUp(t, freshEmail(`racer${round}`));
      const listing = await publishedListing(t, seller.token);
      const intentId = await authorisedAtStripe(buyer, listing);
      const [webhook, placed] = await Promise.all([
        deliver(t, authorisedEvent(intentId).payload),
        placeOrder(t, buyer.token, intentId),
      ]);
      expect(webhook).toEqual({ status: 200, applied: true });
      expect(placed.status).toBe(200);
      const all = await ordersOf(t, listing);
      expect(all.map((o) => o.refnum)).toEqual([placed.body.data.orderId]);
      expect(await paymentsPosted(all[0]?.id ?? 0)).toBe(1);
      expect(stripeStatus(intentId)).toBe('succeeded');
    }
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('the item gone to another buyer: the authorisation is released, no order, the buyer told', async () => {
    const late = await signedUp(t, freshEmail('late'));
    const quick = await signedUp(t, freshEmail('quick'));
    const listing = await publishedListing(t, seller.token, { listingTitle: 'Oak stool' });
    const lateIntent = await authorisedAtStripe(late, listing);
    const quickIntent = await authorisedAtStripe(quick, listing);
    expect((await placeOrder(t, quick.token, quickIntent)).status).toBe(200);

    expect(await deliver(t, authorisedEvent(lateIntent).payload)).toEqual({ status: 200, applied: true });
    expect(stripeStatus(lateIntent)).toBe('canceled');
    expect((await ordersOf(t, listing)).map((o) => o.paymentIntentId)).toEqual([quickIntent]);
    expect(await noticeTextsOf(t, late)).toEqual([
      `Your payment for Oak stool did not become an order (${orderMessages.noLongerAvailable}): nothing was charged and the hold on your card is released.`,
    ]);
    const back = await placeOrder(t, late.token, lateIntent);
    expect([back.status, back.body.msg]).toEqual([409, orderMessages.noLongerAvailable]);
  });

  it('an intent no checkout of ours names is recorded and ignored', async () => {
    const id = await intentMadeAtStandIn(standIn);
    const before = (await t.database.db.select().from(orders)).length;
    expect(await deliver(t, authorisedEvent(id).payload)).toEqual({ status: 200, applied: true });
    expect((await t.database.db.select().from(orders)).length).toBe(before);
    expect(stripeStatus(id)).toBe('requires_capture');
  });
});
