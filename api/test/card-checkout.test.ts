import { randomUUID } from 'node:crypto';
import type { LoginData, SavedCard } from '@yardly/shared/contract';
import { cardMessages, orderMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders, savedCards, testPaymentIntents } from '../src/db/schema/index';
import { providerCard, savedCardOf } from './card-helpers';
import {
  authorisedIntent,
  type CreatePIBody,
  call,
  confirmCard,
  createPI,
  GOOD_CARD,
  type Placed,
  placeOrder,
  savedAddress,
} from './checkout-helpers';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp, userIdOf } from './identity-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { signedUpPeople } from './role-helpers';
import { publishedListing } from './selling-helpers';

/*
 * Saved payment cards at the checkout, with the built-in test provider (issue 18): `saveCard`
 * keeps the card that paid once the order is placed, `paymentCardId` pays with a kept one.
 */

let t: TestApp;
let seller: LoginData;
let buyer: LoginData;
let other: LoginData;

beforeAll(async () => {
  t = await startTestApp();
  ({ seller, buyer, other } = await signedUpPeople(t, 'seller', 'buyer', 'other'));
});
afterAll(() => t?.close());

const MASTERCARD = { number: '5555 5555 5555 4444', exp: '07/31', cvc: '321' };
const CARD_NOT_FOUND = 'This card was not found in your account';

const cardsOf = async (who: LoginData) => (await call<SavedCard[]>(t, 'GET', '/svc/payment/cards', who.token)).body;

async function cardRows(who: LoginData) {
  return t.database.db
    .select()
    .from(savedCards)
    .where(eq(savedCards.userId, await userIdOf(t, who)));
}

async function checkoutsOf(who: LoginData, key: string) {
  return t.database.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.buyerId, await userIdOf(t, who)), eq(checkouts.idempotencyKey, key)));
}

async function intentRow(id: string) {
  const [row] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
  return row;
}

/** A pickup purchase of a fresh listing, paid with the card typed into the form, then placed. */
async function boughtWithTypedCard(who: LoginData, body: Partial<CreatePIBody> = {}, card = GOOD_CARD) {
  const listing = await publishedListing(t, seller.token);
  const intent = await authorisedIntent(
    t,
    who.token,
    { listingRefnum: listing, deliveryMethod: 'pickup', ...body },
    card,
  );
  const placed = await placeOrder(t, who.token, intent.paymentIntentId);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { intent, order: placed.body.data };
}

/** The buyer's saved card for this last 4, saved by paying once with `saveCard`. */
async function savedByPaying(who: LoginData, card = GOOD_CARD): Promise<SavedCard> {
  await boughtWithTypedCard(who, { saveCard: true }, card);
  const last4 = card.number.replaceAll(' ', '').slice(-4);
  const saved = (await cardsOf(who)).data.find((c) => c.last4 === last4);
  if (!saved) throw new Error(`no saved card ending ${last4}`);
  return saved;
}

describe('GET /svc/payment/config', () => {
  it('tells anyone the checkout takes the test form, with no publishable key', async () => {
    const anonymous = await call(t, 'GET', '/svc/payment/config');
    expect([anonymous.status, anonymous.body]).toEqual([
      200,
      { code: 200, data: { provider: 'test', publishableKey: null } },
    ]);
    expect((await call(t, 'GET', '/svc/payment/config', buyer.token)).body.data).toEqual({
      provider: 'test',
      publishableKey: null,
    });
  });
});

describe('saveCard: the card that paid is kept once the order is placed', () => {
  it('lists the card after placing: brand, last 4 and MM/YY; createPI answered requires_payment_method first', async () => {
    const listing = await publishedListing(t, seller.token);
    const pi = await createPI(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup', saveCard: true });
    expect(pi.status).toBe(200);
    expect(pi.body.data.status).toBe('requires_payment_method');
    expect((await confirmCard(t, buyer.token, pi.body.data.paymentIntentId, MASTERCARD)).status).toBe(200);
    // Authorised is not placed: nothing is kept yet.
    expect((await cardsOf(buyer)).data).toEqual([]);
    expect((await placeOrder(t, buyer.token, pi.body.data.paymentIntentId)).status).toBe(200);

    expect(await cardsOf(buyer)).toEqual({
      code: 200,
      data: [
        {
          id: expect.stringMatching(/^K/),
          brand: 'Mastercard',
          last4: '4444',
          expMonth: 7,
          expYear: 2031,
          exp: '07/31',
          expired: false,
        },
      ],
    });
    // What is stored is the provider's token and the printable parts, never the number.
    const [row] = await cardRows(buyer);
    expect(row?.token).toMatch(/^pm_test_[\w-]{24}$/);
    expect(row?.token).toBe((await intentRow(pi.body.data.paymentIntentId))?.card?.token);
    const stored = JSON.stringify([await cardRows(buyer), await intentRow(pi.body.data.paymentIntentId)]);
    expect(stored).not.toContain('5555555555554444');
    expect(stored).not.toContain('55555555');
    // Another person sees none of it.
    expect((await cardsOf(other)).data).toEqual([]);
  });

  it('saves nothing without saveCard, for a declined card, or for a checkout never placed or lost', async () => {
    const before = (await cardsOf(other)).data;
    expect(before).toEqual([]);
    await boughtWithTypedCard(other);

    const listing = await publishedListing(t, seller.token);
    const declined = await createPI(t, other.token, {
      listingRefnum: listing,
      deliveryMethod: 'pickup',
      saveCard: true,
    });
    const refused = await confirmCard(t, other.token, declined.body.data.paymentIntentId, {
      ...GOOD_CARD,
      number: '4000 0000 0000 0002',
    });
    expect([refused.status, refused.body.msg]).toEqual([402, cardMessages.declined]);
    const unplaced = await placeOrder(t, other.token, declined.body.data.paymentIntentId);
    expect([unplaced.status, unplaced.body.msg]).toEqual([409, orderMessages.notAuthorised]);

    // Authorised with saveCard but never placed.
    await authorisedIntent(t, other.token, { listingRefnum: listing, deliveryMethod: 'pickup', saveCard: true });

    // Authorised with saveCard, but someone else bought the item first.
    const sold = await publishedListing(t, seller.token);
    const lost = await authorisedIntent(t, other.token, {
      listingRefnum: sold,
      deliveryMethod: 'pickup',
      saveCard: true,
    });
    const winner = await authorisedIntent(t, buyer.token, { listingRefnum: sold, deliveryMethod: 'pickup' });
    expect((await placeOrder(t, buyer.token, winner.paymentIntentId)).status).toBe(200);
    const losing = await placeOrder(t, other.token, lost.paymentIntentId);
    expect([losing.status, losing.body.msg]).toEqual([409, orderMessages.noLongerAvailable]);

    expect((await cardsOf(other)).data).toEqual([]);
    expect(await cardRows(other)).toEqual([]);
  });

  it('keeps one card when the same card is saved twice (same number and expiry: same token), two for another expiry', async () => {
    const who = await signedUp(t, freshEmail('twice'));
    const first = await boughtWithTypedCard(who, { saveCard: true });
    const second = await boughtWithTypedCard(who, { saveCard: true }, { ...GOOD_CARD, cvc: '999' });
    const tokens = [(await intentRow(first.intent.paymentIntentId))?.card?.token];
    tokens.push((await intentRow(second.intent.paymentIntentId))?.card?.token);
    expect(tokens[0]).toBe(tokens[1]);
    expect((await cardsOf(who)).data).toEqual([
      expect.objectContaining({ brand: 'Visa', last4: '4242', exp: '12/30' }),
    ]);

    await boughtWithTypedCard(who, { saveCard: true }, { ...GOOD_CARD, exp: '11/32' });
    expect((await cardsOf(who)).data.map((c) => c.exp)).toEqual(['11/32', '12/30']);
  });

  it('saves the card of an order placed by pay-and-pickup too', async () => {
    const who = await signedUp(t, freshEmail('pickup'));
    const listing = await publishedListing(t, seller.token, { shippable: false, meetToDeliver: true });
    const intent = await authorisedIntent(
      t,
      who.token,
      { listingRefnum: listing, deliveryMethod: 'pickup', saveCard: true },
      MASTERCARD,
    );
    const paid = await call<Placed & { pickupCode: string }>(t, 'POST', '/svc/offer/pay-and-pickup', who.token, {
      listingRefnum: listing,
      paymentIntentId: intent.paymentIntentId,
    });
    expect(paid.status).toBe(200);
    expect((await cardsOf(who)).data).toEqual([expect.objectContaining({ last4: '4444', exp: '07/31' })]);
  });

  it('saves one card when the same order is placed twice at once', async () => {
    const who = await signedUp(t, freshEmail('race'));
    const listing = await publishedListing(t, seller.token);
    const intent = await authorisedIntent(t, who.token, {
      listingRefnum: listing,
      deliveryMethod: 'pickup',
      saveCard: true,
    });
    const answers = await Promise.all([1, 2, 3].map(() => placeOrder(t, who.token, intent.paymentIntentId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.orderId)).size).toBe(1);
    expect(await cardRows(who)).toHaveLength(1);
  });
});

/** createPI for a pickup of the listing paid with a saved card, under `key` (a fresh one unless given, null for none). */
const payPickupWithCard = (who: LoginData, listingRefnum: string, paymentCardId: string, key?: string | null) =>
  createPI(t, who.token, { listingRefnum, deliveryMethod: 'pickup', paymentCardId }, key);

describe('paymentCardId: paying with a saved card', () => {
  it('authorises at once (requires_capture) at the amount the api computed; placing makes the order', async () => {
    const card = await savedByPaying(buyer);
    const listing = await publishedListing(t, seller.token, { listingPrice: 3100, weightLbs: 0.5 });
    const addressId = await savedAddress(t, buyer.token);
    const key = randomUUID();
    const body: CreatePIBody = { listingRefnum: listing, deliveryMethod: 'ship', addressId, paymentCardId: card.id };
    const pi = await createPI(t, buyer.token, body, key);
    expect(pi.status).toBe(200);
    expect(pi.body.data).toEqual({
      paymentIntentId: expect.stringMatching(/^pi_test_/),
      clientSecret: expect.any(String),
      amount: { itemPrice: 3100, shipping: 599, rewards: 0, total: 3699 },
      status: 'requires_capture',
    });
    const intent = await intentRow(pi.body.data.paymentIntentId);
    expect(intent).toMatchObject({ amountCents: 3699, status: 'requires_capture', card: { last4: '4242' } });
    // The same key and body answer the same intent.
    const again = await createPI(t, buyer.token, body, key);
    expect(again.body.data).toEqual(pi.body.data);

    const placed = await placeOrder(t, buyer.token, pi.body.data.paymentIntentId);
    expect(placed.status).toBe(200);
    expect(placed.body.data).toEqual({ orderId: expect.any(String), listingRefnum: listing, status: 'paid' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.refnum, placed.body.data.orderId));
    expect(order?.totalCents).toBe(3699);
    expect((await intentRow(pi.body.data.paymentIntentId))?.status).toBe('succeeded');
    // Paying with a saved card keeps the one card it is.
    expect((await cardsOf(buyer)).data.filter((c) => c.last4 === '4242')).toHaveLength(1);
  });

  it('refuses the same Idempotency-Key with another card choice: 409', async () => {
    const card = await savedByPaying(buyer);
    const listing = await publishedListing(t, seller.token);
    const key = randomUUID();
    const body: CreatePIBody = { listingRefnum: listing, deliveryMethod: 'pickup', paymentCardId: card.id };
    expect((await createPI(t, buyer.token, body, key)).status).toBe(200);
    for (const changed of [
      { ...body, paymentCardId: undefined },
      { ...body, saveCard: true },
    ]) {
      const reused = await createPI(t, buyer.token, changed, key);
      expect([reused.status, reused.body.error]).toEqual([409, 'idempotency_key_reused']);
    }
    const typed = randomUUID();
    expect((await createPI(t, buyer.token, { ...body, paymentCardId: undefined }, typed)).status).toBe(200);
    const withCard = await createPI(t, buyer.token, body, typed);
    expect([withCard.status, withCard.body.error]).toEqual([409, 'idempotency_key_reused']);
  });

  it('answers one intent and one checkout to the same request sent three times at once', async () => {
    const card = await savedByPaying(buyer);
    const listing = await publishedListing(t, seller.token);
    const key = randomUUID();
    const body: CreatePIBody = { listingRefnum: listing, deliveryMethod: 'pickup', paymentCardId: card.id };
    const answers = await Promise.all([1, 2, 3].map(() => createPI(t, buyer.token, body, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.paymentIntentId)).size).toBe(1);
    expect(await checkoutsOf(buyer, key)).toHaveLength(1);
  });

  it("answers 404 for someone else's card, an unknown one, another provider's and one the provider never made, creating nothing", async () => {
    const annsCard = await savedByPaying(buyer);
    const atStripe = await savedCardOf(t, other.userRefnum, providerCard(), 'stripe');
    // A row whose token no payment of the test provider ever carried: the provider does not know the card.
    const unknownToProvider = await savedCardOf(t, other.userRefnum, providerCard(), 'test');
    const listing = await publishedListing(t, seller.token);
    const intentsBefore = (await t.database.db.select().from(testPaymentIntents)).length;
    for (const paymentCardId of [annsCard.id, 'K00000000000', atStripe.id, unknownToProvider.id]) {
      const key = randomUUID();
      const refused = await payPickupWithCard(other, listing, paymentCardId, key);
      expect([refused.status, refused.body]).toEqual([
        404,
        { code: 404, msg: CARD_NOT_FOUND, error: 'card_not_found' },
      ]);
      expect(await checkoutsOf(other, key)).toEqual([]);
    }
    // Even without an Idempotency-Key, someone else's card says only that it is not theirs.
    const keyless = await payPickupWithCard(other, listing, annsCard.id, null);
    expect(keyless.status).toBe(404);
    expect((await t.database.db.select().from(testPaymentIntents)).length).toBe(intentsBefore);
    // The owner's card is untouched and still pays.
    expect((await payPickupWithCard(buyer, listing, annsCard.id)).body.data.status).toBe('requires_capture');
  });

  it('answers 404 for a card deleted from the account', async () => {
    const who = await signedUp(t, freshEmail('deleter'));
    const card = await savedByPaying(who, MASTERCARD);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/svc/payment/cards/${card.id}`,
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(deleted.statusCode).toBe(200);
    const key = randomUUID();
    const listing = await publishedListing(t, seller.token);
    const paid = await payPickupWithCard(who, listing, card.id, key);
    expect([paid.status, paid.body.msg]).toEqual([404, CARD_NOT_FOUND]);
    expect(await checkoutsOf(who, key)).toEqual([]);
  });

  it('refuses an expired saved card with 400 under paymentCardId, creating nothing', async () => {
    const old = await savedCardOf(t, buyer.userRefnum, providerCard({ expMonth: 1, expYear: 2020 }));
    const key = randomUUID();
    const listing = await publishedListing(t, seller.token);
    const refused = await payPickupWithCard(buyer, listing, old.id, key);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 400,
      msg: 'This saved card has expired: pay with another card, or delete it and add it again',
      error: 'card_expired',
      errors: [
        {
          field: 'paymentCardId',
          message: 'This saved card has expired: pay with another card, or delete it and add it again',
        },
      ],
    });
    expect(await checkoutsOf(buyer, key)).toEqual([]);
  });

  // Last: it moves the clock a month.
  it('pays with a card through the last day of its expiry month, and refuses it from the next month', async () => {
    const who = await signedUp(t, freshEmail('expiring'));
    const now = t.app.clock.now();
    const thisMonth = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String(now.getUTCFullYear() % 100).padStart(2, '0')}`;
    const card = await savedByPaying(who, { ...GOOD_CARD, exp: thisMonth });
    expect(card.expired).toBe(false);
    const first = await publishedListing(t, seller.token);
    const paid = await createPI(t, who.token, {
      listingRefnum: first,
      deliveryMethod: 'pickup',
      paymentCardId: card.id,
    });
    expect(paid.body.data.status).toBe('requires_capture');

    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    await advanceKeepingSignedIn(t, Math.ceil((nextMonth - now.getTime()) / 60_000) + 1, [who, seller]);
    expect((await cardsOf(who)).data).toEqual([
      expect.objectContaining({ id: card.id, exp: thisMonth, expired: true }),
    ]);
    const listing = await publishedListing(t, seller.token);
    const refused = await createPI(t, who.token, {
      listingRefnum: listing,
      deliveryMethod: 'pickup',
      paymentCardId: card.id,
    });
    expect([refused.status, refused.body.errors?.[0]?.field]).toEqual([400, 'paymentCardId']);
  });
});
