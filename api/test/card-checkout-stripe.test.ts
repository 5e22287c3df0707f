import { randomUUID } from 'node:crypto';
import type { LoginData, SavedCard } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders, savedCards, users } from '../src/db/schema/index';
import { providerCard, savedCardOf } from './card-helpers';
import { type CreatePIBody, call, createPI, placeOrder } from './checkout-helpers';
import { closeInOrder, startTestApp, type TestApp } from './harness';
import { signedUpPeople } from './role-helpers';
import { publishedListing } from './selling-helpers';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in';

/*
 * Saved payment cards at the checkout with Stripe (issue 18), against the local stand-in: the
 * browser's part (Stripe.js confirming, the buyer passing 3D Secure) is the stand-in's
 * `confirm` and `authenticate`; the api's part is createPI and place as the storefront calls them.
 */

let standIn: StripeStandIn;
let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let other: LoginData;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await startTestApp({
    env: {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_API_BASE: standIn.url,
    },
  });
  ({ seller, buyer, other } = await signedUpPeople(t, 'seller', 'buyer', 'other'));
});
afterAll(() => closeInOrder(t, standIn));

const cardsOf = async (who: LoginData) => (await call<SavedCard[]>(t, 'GET', '/svc/payment/cards', who.token)).body;

type StandInIntent = {
  id: string;
  status: string;
  amount: number;
  capture_method: string;
  customer: string | null;
  payment_method: string | null;
};
const standInIntent = (id: string) => standIn.objects('pi').find((o) => o.id === id) as StandInIntent | undefined;

async function checkoutsOf(who: LoginData, key: string) {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, who.userRefnum));
  return t.database.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.buyerId, user?.id ?? 0), eq(checkouts.idempotencyKey, key)));
}

/** A pickup purchase of a fresh listing paid with a Stripe test card (what Stripe.js does), saved, placed. */
async function savedByPaying(who: LoginData, paymentMethod: string): Promise<SavedCard> {
  const listing = await publishedListing(t, seller.token);
  const pi = await createPI(t, who.token, { listingRefnum: listing, deliveryMethod: 'pickup', saveCard: true });
  expect(pi.body.data.status).toBe('requires_payment_method');
  const intentId = pi.body.data.paymentIntentId;
  expect((await standIn.confirm(intentId, paymentMethod)).status).toBe(200);
  if (standInIntent(intentId)?.status === 'requires_action') standIn.authenticate(intentId);
  const placed = await placeOrder(t, who.token, intentId);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const token = standInIntent(intentId)?.payment_method;
  const [row] = await t.database.db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.provider, 'stripe'), eq(savedCards.token, token ?? '')));
  const card = (await cardsOf(who)).data.find((c) => c.id === row?.refnum);
  if (!card) throw new Error(`the card ${token} was not saved`);
  return card;
}

describe('GET /svc/payment/config with Stripe', () => {
  it('gives the checkout the publishable key only', async () => {
    const config = await call(t, 'GET', '/svc/payment/config');
    expect([config.status, config.body]).toEqual([
      200,
      { code: 200, data: { provider: 'stripe', publishableKey: standIn.publishableKey } },
    ]);
    expect(JSON.stringify(config.body)).not.toContain(standIn.secretKey);
  });
});

describe('saved cards with Stripe', () => {
  it('keeps the PaymentMethod that paid as the token, with its brand, last 4 and expiry', async () => {
    const card = await savedByPaying(buyer, 'pm_card_visa');
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', exp: '12/34', expired: false });
    const [row] = await t.database.db.select().from(savedCards).where(eq(savedCards.refnum, card.id));
    expect(row?.token).toMatch(/^pm_/);
    expect(standIn.objects('pm').map((pm) => pm.id)).toContain(row?.token);
  });

  it('pays a second item with the saved card: confirmed by the api at once, then placed and captured', async () => {
    const card = await savedByPaying(buyer, 'pm_card_mastercard');
    const [row] = await t.database.db.select().from(savedCards).where(eq(savedCards.refnum, card.id));
    const listing = await publishedListing(t, seller.token, { listingPrice: 4200 });
    const key = randomUUID();
    const body: CreatePIBody = { listingRefnum: listing, deliveryMethod: 'pickup', paymentCardId: card.id };
    const pi = await createPI(t, buyer.token, body, key);
    expect(pi.status, JSON.stringify(pi.body)).toBe(200);
    expect(pi.body.data).toMatchObject({ status: 'requires_capture', amount: { total: 4200 } });
    const intentId = pi.body.data.paymentIntentId;
    expect(standInIntent(intentId)).toMatchObject({
      amount: 4200,
      capture_method: 'manual',
      status: 'requires_capture',
      payment_method: row?.token,
      customer: expect.stringMatching(/^cus_/),
    });
    // The same key and body answer the same intent, and Stripe makes no other.
    const intents = standIn.objects('pi').length;
    expect((await createPI(t, buyer.token, body, key)).body.data.paymentIntentId).toBe(intentId);
    expect(standIn.objects('pi')).toHaveLength(intents);

    const placed = await placeOrder(t, buyer.token, intentId);
    expect(placed.status).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.refnum, placed.body.data.orderId));
    expect(order?.totalCents).toBe(4200);
    expect(standInIntent(intentId)?.status).toBe('succeeded');
  });

  it('answers 402 with the bank’s words when it now declines the saved card, the same on a retry; nothing is ordered', async () => {
    const card = await savedByPaying(buyer, 'pm_card_visa');
    const [row] = await t.database.db.select().from(savedCards).where(eq(savedCards.refnum, card.id));
    standIn.declineFrom(row?.token ?? '', 'insufficient_funds');
    const listing = await publishedListing(t, seller.token);
    const key = randomUUID();
    const body: CreatePIBody = { listingRefnum: listing, deliveryMethod: 'pickup', paymentCardId: card.id };
    const declined = await createPI(t, buyer.token, body, key);
    expect([declined.status, declined.body]).toEqual([
      402,
      { code: 402, msg: 'Your card has insufficient funds.', error: 'card_declined' },
    ]);
    const retried = await createPI(t, buyer.token, body, key);
    expect([retried.status, retried.body.msg]).toEqual([402, 'Your card has insufficient funds.']);
    const [checkout] = await checkoutsOf(buyer, key);
    const placed = await placeOrder(t, buyer.token, checkout?.paymentIntentId ?? '');
    expect([placed.status, placed.body.msg]).toEqual([409, orderMessages.notAuthorised]);
    expect(
      await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.checkoutId, checkout?.id ?? 0)),
    ).toEqual([]);
  });

  it('answers requires_action when the bank asks the buyer; once Stripe.js has them pass it, the order is placed', async () => {
    const card = await savedByPaying(buyer, 'pm_card_threeDSecure2Required');
    expect(card).toMatchObject({ brand: 'visa', last4: '3220' });
    const listing = await publishedListing(t, seller.token);
    const pi = await createPI(t, buyer.token, {
      listingRefnum: listing,
      deliveryMethod: 'pickup',
      paymentCardId: card.id,
    });
    expect(pi.status).toBe(200);
    expect(pi.body.data).toMatchObject({
      status: 'requires_action',
      clientSecret: expect.stringContaining('_secret_'),
    });
    const intentId = pi.body.data.paymentIntentId;
    const early = await placeOrder(t, buyer.token, intentId);
    expect([early.status, early.body.msg]).toEqual([409, orderMessages.notAuthorised]);
    standIn.authenticate(intentId);
    expect((await placeOrder(t, buyer.token, intentId)).status).toBe(200);
  });

  it("answers 404 for someone else's card or a test provider's, asking Stripe nothing and keeping no checkout", async () => {
    const annsCard = await savedByPaying(buyer, 'pm_card_visa');
    const testCard = await savedCardOf(t, other.userRefnum, providerCard(), 'test');
    const listing = await publishedListing(t, seller.token);
    const requests = standIn.requestCount();
    for (const paymentCardId of [annsCard.id, testCard.id]) {
      const key = randomUUID();
      const refused = await createPI(
        t,
        other.token,
        { listingRefnum: listing, deliveryMethod: 'pickup', paymentCardId },
        key,
      );
      expect([refused.status, refused.body.msg]).toEqual([404, 'This card was not found in your account']);
      expect(await checkoutsOf(other, key)).toEqual([]);
    }
    expect(standIn.requestCount()).toBe(requests);
    // A test provider's card is not listed where Stripe pays either.
    expect((await cardsOf(other)).data).toEqual([]);
  });
});
