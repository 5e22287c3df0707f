import { randomUUID } from 'node:crypto';
import type { LoginData, OrderDetail } from '@yardly/shared/contract';
import { walletMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, testPaymentIntents, testPaymentRefunds } from '../src/db/schema/index';
import {
  type CreatePIBody,
  call,
  confirmCard,
  createPI,
  type Intent,
  type Placed,
  placeOrder,
  savedAddress,
  testProviderRefunds,
} from './checkout-helpers';
import { advanceClock, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { expectSoundLedger, friendWithFirstListing, reportAndRemove, rewardsOf, signInAgain } from './reward-helpers';
import { withRoles } from './role-helpers';
import { publishedListing } from './selling-helpers';

let t: TestApp;
let seller: LoginData;
beforeAll(async () => {
  t = await startTestApp();
});
beforeEach(async () => {
  seller = await signedUp(t, freshEmail('seller'));
});
afterAll(async () => {
  await t?.close();
});

/** A person holding a $5.00 reward: the friend of an inviter, whose first listing was published. */
async function buyerWithReward(): Promise<LoginData> {
  const inviter = await signedUp(t);
  // The seller stays signed in through the reward's 72-hour hold.
  const { friend } = await friendWithFirstListing(t, inviter, { keepSignedIn: [seller] });
  expect((await rewardsOf(t, friend)).balance).toBe(500);
  return friend;
}

/** A $25.00 listing shipped for $8.99, or a pickup-only one at `price`. */
function listing(options: { pickupPrice?: number } = {}) {
  return options.pickupPrice === undefined
    ? publishedListing(t, seller.token)
    : publishedListing(t, seller.token, { shippable: false, meetToDeliver: true, listingPrice: options.pickupPrice });
}

async function shipBody(buyer: LoginData, listingRefnum: string, extra: Partial<CreatePIBody> = {}) {
  return { listingRefnum, deliveryMethod: 'ship' as const, addressId: await savedAddress(t, buyer.token), ...extra };
}

/** createPI answered 200: its intent. */
async function intentOf(buyer: LoginData, body: CreatePIBody, key: string = randomUUID()): Promise<Intent> {
  const pi = await createPI(t, buyer.token, body, key);
  expect(pi.status, JSON.stringify(pi.body)).toBe(200);
  return pi.body.data;
}

/** The provider's own record of an intent (the built-in test provider). */
async function providerIntent(id: string) {
  const [row] = await t.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
  return row;
}

function orderDetail(person: LoginData, orderId: string) {
  return call<OrderDetail>(t, 'GET', `/svc/orders/${orderId}`, person.token);
}

describe('spending rewards at checkout', () => {
  it('takes the balance off before the card: the card is authorised for the rest, the rewards leave when the order is placed', async () => {
    const buyer = await buyerWithReward();
    const intent = await intentOf(buyer, await shipBody(buyer, await listing()));
    expect(intent.amount).toEqual({ itemPrice: 2500, shipping: 899, rewards: 500, total: 2899 });
    expect((await providerIntent(intent.paymentIntentId))?.amountCents).toBe(2899);
    // Not taken yet: only the placing moves it.
    expect((await rewardsOf(t, buyer)).balance).toBe(500);

    expect((await confirmCard(t, buyer.token, intent.paymentIntentId)).status).toBe(200);
    const placed = await placeOrder(t, buyer.token, intent.paymentIntentId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    const mine = await rewardsOf(t, buyer);
    expect(mine.balance).toBe(0);
    expect(mine.entries.content[0]).toMatchObject({
      amount: -500,
      // What it was spent on, by the listing's title: never the order's internal id.
      description: 'Spent on \u201cBlue ceramic mug\u201d',
    });
    const detail = await orderDetail(buyer, placed.body.data.orderId);
    expect(detail.body.data.amount).toEqual({ itemPrice: 2500, shipping: 899, rewards: 500, total: 2899 });
    await expectSoundLedger(t);
  });

  it('pays an order wholly by rewards without a card: no intent at the provider, placed as it is', async () => {
    const buyer = await buyerWithReward();
    const listingRefnum = await listing({ pickupPrice: 400 });
    const key = randomUUID();
    const body = { listingRefnum, deliveryMethod: 'pickup' as const };
    const intent = await intentOf(buyer, body, key);
    expect(intent).toMatchObject({
      amount: { itemPrice: 400, shipping: 0, rewards: 400, total: 0 },
      status: 'requires_capture',
      clientSecret: '',
    });
    expect(intent.paymentIntentId).toMatch(/^rewards_[0-9a-f]{32}$/);
    expect(await providerIntent(intent.paymentIntentId)).toBeUndefined();
    // The same Idempotency-Key answers the same; the card form has nothing to confirm.
    expect((await intentOf(buyer, body, key)).paymentIntentId).toBe(intent.paymentIntentId);
    expect((await confirmCard(t, buyer.token, intent.paymentIntentId)).status).toBe(404);

    const paid = await call<Placed & { pickupCode: string }>(t, 'POST', '/svc/offer/pay-and-pickup', buyer.token, {
      listingRefnum,
      paymentIntentId: intent.paymentIntentId,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.pickupCode).toMatch(/^\d{6}$/);
    expect((await rewardsOf(t, buyer)).balance).toBe(100);
    // Placing again answers the same order.
    const again = await placeOrder(t, buyer.token, intent.paymentIntentId);
    expect(again.body.data.orderId).toBe(paid.body.data.orderId);
    // Someone else cannot place it.
    const other = await signedUp(t);
    expect((await placeOrder(t, other.token, intent.paymentIntentId)).status).toBe(404);
    await expectSoundLedger(t);
  });

  it('leaves the balance alone when the buyer turns rewards off (useRewards false); the key must repeat the choice', async () => {
    const buyer = await buyerWithReward();
    const body = await shipBody(buyer, await listing(), { useRewards: false });
    const key = randomUUID();
    const intent = await intentOf(buyer, body, key);
    expect(intent.amount).toEqual({ itemPrice: 2500, shipping: 899, rewards: 0, total: 3399 });
    const reused = await createPI(t, buyer.token, { ...body, useRewards: true }, key);
    expect([reused.status, reused.body.error]).toEqual([409, 'idempotency_key_reused']);

    expect((await confirmCard(t, buyer.token, intent.paymentIntentId)).status).toBe(200);
    expect((await placeOrder(t, buyer.token, intent.paymentIntentId)).status).toBe(200);
    expect((await rewardsOf(t, buyer)).balance).toBe(500);
    await expectSoundLedger(t);
  });

  it('two checkouts at once on one $5.00 balance: one order spends it, the other is refused (409) and its card released', async () => {
    const buyer = await buyerWithReward();
    const intents = [
      await intentOf(buyer, await shipBody(buyer, await listing())),
      await intentOf(buyer, await shipBody(buyer, await listing())),
    ];
    for (const intent of intents) {
      expect(intent.amount.rewards).toBe(500);
      expect((await confirmCard(t, buyer.token, intent.paymentIntentId)).status).toBe(200);
    }
    const answers = await Promise.all(intents.map((intent) => placeOrder(t, buyer.token, intent.paymentIntentId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.findIndex((a) => a.status === 409);
    expect(answers[loser]?.body).toMatchObject({ msg: walletMessages.rewardsSpent, error: 'rewards_spent' });
    expect((await providerIntent(intents[loser]?.paymentIntentId ?? ''))?.status).toBe('canceled');
    expect((await rewardsOf(t, buyer)).balance).toBe(0);
    await expectSoundLedger(t);

    // Two orders wholly paid by the same rewards at once: one.
    const rich = await buyerWithReward();
    const cheap = [
      await intentOf(rich, { listingRefnum: await listing({ pickupPrice: 500 }), deliveryMethod: 'pickup' }),
      await intentOf(rich, { listingRefnum: await listing({ pickupPrice: 500 }), deliveryMethod: 'pickup' }),
    ];
    const both = await Promise.all(cheap.map((intent) => placeOrder(t, rich.token, intent.paymentIntentId)));
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await rewardsOf(t, rich)).balance).toBe(0);
    await expectSoundLedger(t);
  });

  it('a cancelled order gives the rewards back to the buyer’s rewards by a new ledger entry; the card is refunded only its part', async () => {
    const buyer = await buyerWithReward();
    const intent = await intentOf(buyer, await shipBody(buyer, await listing()));
    await confirmCard(t, buyer.token, intent.paymentIntentId);
    const placed = await placeOrder(t, buyer.token, intent.paymentIntentId);
    expect((await rewardsOf(t, buyer)).balance).toBe(0);

    const cancelled = await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: placed.body.data.orderId });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const mine = await rewardsOf(t, buyer);
    expect(mine.balance).toBe(500);
    expect(mine.entries.content.map((e) => e.amount)).toEqual([500, -500, 500]);
    expect(mine.entries.content[0]?.description).toBe('Given back: refund of \u201cBlue ceramic mug\u201d');
    // The card paid 28.99 (captured when the order was placed): that, and only that, is refunded.
    const refunds = await testProviderRefunds(t, intent.paymentIntentId);
    expect(refunds.map((r) => r.amountCents)).toEqual([2899]);
    await expectSoundLedger(t);
  });

  it('a cancelled order paid wholly by rewards gives them back and asks nothing of the card provider', async () => {
    const buyer = await buyerWithReward();
    const intent = await intentOf(buyer, {
      listingRefnum: await listing({ pickupPrice: 500 }),
      deliveryMethod: 'pickup',
    });
    const placed = await placeOrder(t, buyer.token, intent.paymentIntentId);
    expect(placed.status).toBe(200);
    const refundsBefore = await t.database.db.select().from(testPaymentRefunds);
    const cancelled = await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: placed.body.data.orderId });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await rewardsOf(t, buyer)).balance).toBe(500);
    expect(await t.database.db.select().from(testPaymentRefunds)).toHaveLength(refundsBefore.length);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.refnum, placed.body.data.orderId));
    expect(order).toMatchObject({ state: 'cancelled', rewardsCents: 500, totalCents: 500 });
    await expectSoundLedger(t);
  });

  it('a reward spent before its first listing is removed is not taken back twice: the balance never goes below zero', async () => {
    const inviter = await signedUp(t);
    const { friend, listingRefnum } = await friendWithFirstListing(t, inviter, { keepSignedIn: [seller] });
    const intent = await intentOf(friend, {
      listingRefnum: await listing({ pickupPrice: 500 }),
      deliveryMethod: 'pickup',
    });
    expect((await placeOrder(t, friend.token, intent.paymentIntentId)).status).toBe(200);
    await advanceClock(t, 60);
    const admin = await withRoles(t, await signedUp(t, freshEmail('admin')), ['ROLE_USER', 'ROLE_ADMIN']);
    await reportAndRemove(t, admin, listingRefnum);
    expect((await rewardsOf(t, await signInAgain(t, friend))).balance).toBe(0);
    expect((await rewardsOf(t, await signInAgain(t, inviter))).balance).toBe(0);
    await expectSoundLedger(t);
  });
});
