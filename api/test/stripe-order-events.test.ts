import type { LoginData } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, ledgerEntries, ledgerTransactions, listings, orders } from '../src/db/schema/index';
import { LEDGER } from '../src/modules/ledger/accounts';
import { checkLedger, ledgerIsSound } from '../src/modules/ledger/check';
import { call, createPI, placeOrder, savedAddress } from './checkout-helpers';
import { closeInOrder, runDueJobs, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { noticeTextsOf } from './notification-helpers';
import { publishedListing } from './selling-helpers';
import type { StripeStandIn } from './stripe-stand-in';
import { deliver, placedAtStandIn, stripeApp, stripeEvent } from './webhook-helpers';

let t: TestApp;
let standIn: StripeStandIn;
let seller: LoginData;

beforeAll(async () => {
  ({ t, standIn } = await stripeApp(startTestApp));
  seller = await signedUp(t, freshEmail('seller'));
});
afterAll(() => closeInOrder(t, standIn));

/** A $42.00 shipped order paid by card at the stand-in and placed: its intent, order row and buyer. */
async function paidOrder() {
  const placed = await placedAtStandIn(t, standIn, seller.token);
  return { ...placed, order: await orderOf(placed.intentId) };
}

async function orderOf(intentId: string) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.paymentIntentId, intentId));
  if (!order) throw new Error('no order');
  return order;
}

async function refundedInLedger(orderId: number): Promise<number> {
  const rows = await t.database.db
    .select({ amount: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerEntries.account, LEDGER.refunds)));
  return rows.reduce((sum, r) => sum + r.amount, 0);
}

/** Stripe's charge.refunded as it sends it: the charge, its intent and what has been refunded of it. */
const refundedEvent = (intentId: string, amountRefunded: number) =>
  stripeEvent('charge.refunded', {
    id: `ch_${intentId}`,
    object: 'charge',
    payment_intent: intentId,
    amount_refunded: amountRefunded,
    refunded: false,
  });

describe('charge.refunded: a refund made in Stripe’s dashboard reaches the order and the ledger', () => {
  it('posts a partial refund once however often it arrives, then ends the order on the full refund, both sides told', async () => {
    const { buyer, intentId, listing, order } = await paidOrder();
    const total = order.totalCents;
    standIn.refundFromDashboard(intentId, 1000);
    const first = refundedEvent(intentId, 1000);
    expect(await deliver(t, first.payload)).toEqual({ status: 200, applied: true });
    expect(await deliver(t, first.payload)).toEqual({ status: 200, applied: false });
    // Stripe may send another event about the same refund: nothing new was refunded, nothing is posted.
    expect(await deliver(t, refundedEvent(intentId, 1000).payload)).toEqual({ status: 200, applied: true });
    expect(await refundedInLedger(order.id)).toBe(1000);
    expect((await orderOf(intentId)).state).toBe('paid');
    expect(await noticeTextsOf(t, buyer)).toContain('Yardly refunded $10.00 of your payment for this order');
    expect(await noticeTextsOf(t, seller)).toContain(
      'Yardly refunded the buyer $10.00 of this order: your share is unchanged',
    );

    standIn.refundFromDashboard(intentId);
    expect(await deliver(t, refundedEvent(intentId, total).payload)).toMatchObject({ applied: true });
    expect(await deliver(t, refundedEvent(intentId, total).payload)).toMatchObject({ applied: true });
    expect(await refundedInLedger(order.id)).toBe(total);
    expect((await orderOf(intentId)).state).toBe('cancelled');
    const [item] = await t.database.db.select().from(listings).where(eq(listings.refnum, listing));
    expect(item?.state).not.toBe('sold');
    expect(await noticeTextsOf(t, buyer)).toContain(orderMessages.refundedInFullBuyer);
    expect(await noticeTextsOf(t, seller)).toContain(orderMessages.refundedInFullSeller);
    const balance = await t.app.inject({
      method: 'GET',
      url: '/svc/payouts/balance',
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(JSON.parse(balance.body).data).toMatchObject({ available: 0, paidOut: 0 });
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });
});

describe('a refund by Yardly after part was refunded at Stripe (money history, seed 34)', () => {
  const refundedAtStripe = (intentId: string) =>
    standIn
      .objects('re')
      .filter((re) => re.payment_intent === intentId)
      .reduce((sum, re) => sum + Number(re.amount), 0);

  it('the seller cancels: the buyer is given back the payment once, in the ledger as at Stripe', async () => {
    const { intentId, order } = await paidOrder();
    standIn.refundFromDashboard(intentId, 1000);
    expect(await deliver(t, refundedEvent(intentId, 1000).payload)).toMatchObject({ applied: true });
    const cancelled = await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: order.refnum });
    expect(cancelled.status).toBe(200);
    await runDueJobs(t);
    expect(refundedAtStripe(intentId)).toBe(order.totalCents);
    expect(await refundedInLedger(order.id)).toBe(order.totalCents);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });
});

describe('payment_intent.canceled: Stripe cancels an authorisation never captured', () => {
  it('cancels the order whose money was never taken, undoes its sale, and tells both sides', async () => {
    standIn.capturesDown(true);
    let placed: Awaited<ReturnType<typeof paidOrder>>;
    try {
      placed = await paidOrder();
    } finally {
      standIn.capturesDown(false);
    }
    const { buyer, intentId } = placed;
    const canceled = standIn.expireAuthorisation(intentId);
    expect(await deliver(t, stripeEvent('payment_intent.canceled', canceled).payload)).toMatchObject({
      status: 200,
      applied: true,
    });
    expect((await orderOf(intentId)).state).toBe('cancelled');
    expect(await noticeTextsOf(t, buyer)).toContain(orderMessages.authorisationExpiredBuyer);
    expect(await noticeTextsOf(t, seller)).toContain(orderMessages.authorisationExpiredSeller);
    expect(ledgerIsSound(await checkLedger(t.database.db))).toBe(true);
  });

  it('releases a checkout that never became an order', async () => {
    const buyer = await signedUp(t, freshEmail('buyer'));
    const listing = await publishedListing(t, seller.token, { listingPrice: 3000 });
    const addressId = await savedAddress(t, buyer.token);
    const pi = await createPI(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'ship', addressId });
    const intentId = pi.body.data.paymentIntentId;
    await standIn.confirm(intentId, 'pm_card_visa');
    const canceled = standIn.expireAuthorisation(intentId);
    expect(await deliver(t, stripeEvent('payment_intent.canceled', canceled).payload)).toMatchObject({ applied: true });
    const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.paymentIntentId, intentId));
    expect(checkout?.lostAt).not.toBeNull();
    // The buyer's page placing it now is refused: nothing was paid.
    expect((await placeOrder(t, buyer.token, intentId)).status).not.toBe(200);
  });
});

describe('payment_intent.payment_failed', () => {
  it('tells the buyer their card was refused, in the bank’s words', async () => {
    const buyer = await signedUp(t, freshEmail('buyer'));
    const listing = await publishedListing(t, seller.token, { listingPrice: 2600, listingTitle: 'Walnut side table' });
    const addressId = await savedAddress(t, buyer.token);
    const pi = await createPI(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'ship', addressId });
    const intentId = pi.body.data.paymentIntentId;
    const declined = await standIn.confirm(intentId, 'pm_card_chargeDeclinedInsufficientFunds');
    const intent = (declined.body.error as { payment_intent: Record<string, unknown> }).payment_intent;
    expect(await deliver(t, stripeEvent('payment_intent.payment_failed', intent).payload)).toMatchObject({
      applied: true,
    });
    expect(await noticeTextsOf(t, buyer)).toContain(
      'Your payment for Walnut side table did not go through (Your card has insufficient funds.): nothing was charged. Try again with another card.',
    );
  });
});
