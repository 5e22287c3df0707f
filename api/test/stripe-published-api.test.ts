import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoginData, SavedCard } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sellerPayouts, users } from '../src/db/schema/index';
import { apiRoot } from '../src/paths';
import { call, createPI, placeOrder } from './checkout-helpers';
import { runDueJobs, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { deliveredStripePickup, GOOD_ACCOUNT, saveBankAccount } from './payout-helpers';
import { signedUpPeople } from './role-helpers';
import { publishedListing } from './selling-helpers';
import {
  answerProblems,
  type Exchange,
  NEWER_FIELDS,
  NEWER_OPERATIONS,
  NEWER_THAN_THE_COPY,
  publishedSource,
  requestProblems,
  resourceProblems,
} from './stripe-openapi/published-api';
import type { StripeStandIn } from './stripe-stand-in';
import { deliver, placedAtStandIn, stripeApp, stripeEvent } from './webhook-helpers';

/**
 * Issue 34: the Stripe adapter and its stand-in checked against Stripe's published API (its
 * OpenAPI description and fixtures, the copy in stripe-openapi/). Every money path the api has
 * runs once against the stand-in; then every request the adapter sent must be a published
 * operation with published parameters of published types (the required ones present), and every
 * answer and webhook event must validate against the published schemas.
 */

let t: TestApp;
let standIn: StripeStandIn;
let seller: LoginData;
let buyer: LoginData;
const events: Record<string, unknown>[] = [];

beforeAll(async () => {
  ({ t, standIn } = await stripeApp(startTestApp));
  ({ seller, buyer } = await signedUpPeople(t, 'seller', 'buyer'));
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** Delivers an event built as the tests build every Stripe event, and keeps it to check. */
async function sent(type: string, object: Record<string, unknown>, account?: string) {
  const { payload } = stripeEvent(type, object);
  const event = { ...JSON.parse(payload), ...(account && { account }) };
  events.push(event);
  return deliver(t, JSON.stringify(event));
}

/** Every money path once: onboarding, a card checkout kept and reused, capture, cancel, refunds, payouts failing and moved. */
async function everyMoneyPath() {
  await saveBankAccount(t, seller, GOOD_ACCOUNT);
  expect((await call(t, 'POST', '/svc/payouts/account/onboarding', seller.token)).status).toBe(200);

  // A card kept at the first purchase, then paid with again (a Customer, the card re-read).
  const listing = await publishedListing(t, seller.token, { shippable: false, meetToDeliver: true });
  const first = await createPI(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'pickup', saveCard: true });
  // Someone else authorised the same item and loses it: their authorisation is released.
  const other = await signedUp(t, freshEmail('other'));
  const lost = await createPI(t, other.token, { listingRefnum: listing, deliveryMethod: 'pickup' });
  expect((await standIn.confirm(first.body.data.paymentIntentId, 'pm_card_visa')).status).toBe(200);
  expect((await standIn.confirm(lost.body.data.paymentIntentId, 'pm_card_visa')).status).toBe(200);
  expect((await placeOrder(t, buyer.token, first.body.data.paymentIntentId)).status).toBe(200);
  expect((await placeOrder(t, other.token, lost.body.data.paymentIntentId)).status).not.toBe(200);
  const cards = (await call<SavedCard[]>(t, 'GET', '/svc/payment/cards', buyer.token)).body.data;
  const again = await createPI(t, buyer.token, {
    listingRefnum: await publishedListing(t, seller.token),
    deliveryMethod: 'pickup',
    paymentCardId: cards[0]?.id,
  });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  // An authorisation Stripe lets lapse, a refund made in its dashboard.
  const lapsed = standIn.expireAuthorisation(again.body.data.paymentIntentId);
  expect((await sent('payment_intent.canceled', lapsed)).status).toBe(200);

  // A sale handed over and paid out the next day; the payout fails; the seller changes bank account.
  await deliveredStripePickup(t, standIn, seller, buyer);
  await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.refnum, seller.userRefnum));
  const [payout] = await t.database.db
    .select()
    .from(sellerPayouts)
    .where(eq(sellerPayouts.sellerId, user?.id ?? 0));
  const failed = standIn.settlePayout(String(payout?.providerPayoutId), 'failed');
  expect((await sent('payout.failed', failed, String(failed.account))).status).toBe(200);
  await saveBankAccount(t, seller, '000123456780');
  await advanceKeepingSignedIn(t, 24 * 60 + 1, [buyer, seller]);
  const paidIntent = standIn.objects('pi').find((pi) => pi.status === 'succeeded');
  const refund = standIn.refundFromDashboard(String(paidIntent?.id), 100);
  const charge = { id: refund.charge, object: 'charge', payment_intent: paidIntent?.id, amount_refunded: 100 };
  expect((await sent('charge.refunded', charge)).status).toBe(200);
  expect((await sent('account.updated', { id: failed.account, object: 'account' })).status).toBe(200);

  // A refund the platform's balance cannot cover: Stripe holds it, then makes it once topped up;
  // its event makes the adapter read the refund again.
  const { intentId } = await placedAtStandIn(t, standIn, seller.token);
  await runDueJobs(t);
  const [shipped] = await t.database.db.select().from(orders).where(eq(orders.paymentIntentId, intentId));
  standIn.drain(standIn.balance());
  const cancelled = await call(t, 'POST', '/svc/orders/cancel', seller.token, { orderId: shipped?.refnum });
  expect(cancelled.status).toBe(200);
  await runDueJobs(t);
  const [made] = standIn.topUp(shipped?.totalCents ?? 0);
  expect((await sent('refund.updated', made as Record<string, unknown>)).status).toBe(200);
}

describe(`the Stripe adapter against Stripe's published API (stripe/openapi ${publishedSource.commit.slice(0, 8)}, ${publishedSource.date})`, () => {
  let exchanges: Exchange[];
  beforeAll(async () => {
    await everyMoneyPath();
    exchanges = standIn.exchanges();
  });

  it('calls every operation the copy holds and the newer one the package declares, and only those', () => {
    const called = new Set(
      exchanges.map((e) => `${e.method} ${e.path.replace(/\/(pi|pm|acct|po|tr|cus|re)_[0-9a-f]+/g, '/{id}')}`),
    );
    expect([...called].sort()).toEqual([
      'GET /v1/accounts/{id}',
      'GET /v1/payment_intents/{id}',
      'GET /v1/payment_methods/{id}',
      'GET /v1/refunds',
      'GET /v1/refunds/{id}',
      'GET /v1/transfers/{id}',
      'POST /v1/account_links',
      'POST /v1/accounts',
      'POST /v1/customers',
      'POST /v1/payment_intents',
      'POST /v1/payment_intents/{id}/cancel',
      'POST /v1/payment_intents/{id}/capture',
      'POST /v1/payment_intents/{id}/confirm',
      'POST /v1/payouts',
      'POST /v1/refunds',
      'POST /v1/transfers',
      'POST /v1/transfers/{id}/reversals',
    ]);
  });

  it('sends every request with published parameters, of published types, the required ones present', () => {
    const problems = exchanges.flatMap((e) => requestProblems(e).map((p) => `${e.method} ${e.path}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('is answered by the stand-in with objects that validate against the published schemas', () => {
    const answered = exchanges.filter((e) => e.status === 200);
    expect(answered.length).toBeGreaterThan(20);
    const problems = answered.flatMap((e) => answerProblems(e).map((p) => `${e.method} ${e.path}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('is sent webhook events whose objects validate against the published schemas', () => {
    expect(events.map((e) => e.type)).toEqual([
      'payment_intent.canceled',
      'payout.failed',
      'charge.refunded',
      'account.updated',
      'refund.updated',
    ]);
    const problems = events.flatMap((e) => [
      ...resourceProblems(e).map((p) => `${e.type} event: ${p}`),
      ...resourceProblems((e.data as { object: Record<string, unknown> }).object).map((p) => `${e.type} object: ${p}`),
    ]);
    expect(problems).toEqual([]);
  });
});

describe('the check itself', () => {
  it('skips only parameters newer than the copy that the pinned stripe package declares', () => {
    const types = readFileSync(join(apiRoot, 'node_modules/stripe/esm/resources/PaymentIntents.d.ts'), 'utf8');
    const created = types.slice(types.indexOf('export interface PaymentIntentCreateParams {'));
    for (const name of NEWER_THAN_THE_COPY['POST /v1/payment_intents'] ?? []) {
      expect(created).toMatch(new RegExp(`\\n {4}${name}\\?:`));
    }
    expect(Object.keys(NEWER_THAN_THE_COPY)).toEqual(['POST /v1/payment_intents']);
  });

  it('checks operations and fields newer than the copy only where the pinned stripe package declares them', () => {
    const sdk = (file: string) => readFileSync(join(apiRoot, 'node_modules/stripe/esm/resources', file), 'utf8');
    expect(Object.keys(NEWER_OPERATIONS)).toEqual(['GET /v1/refunds/{refund}']);
    // The package's retrieve: a GET of /v1/refunds/ and the refund's id.
    expect(sdk('Refunds.js')).toMatch(
      /retrieve\(id, params, options\) \{\s+return this\._makeRequest\('GET', `\/v1\/refunds\/\$\{encodeURIComponent\(id\)\}`/,
    );
    expect(Object.keys(NEWER_FIELDS)).toEqual(['refund']);
    const declared = sdk('Refunds.d.ts');
    expect(declared).toMatch(/\n {4}pending_reason\?: Refund\.PendingReason;/);
    const union = declared.match(/type PendingReason = ([^;]+);/)?.[1] ?? '';
    expect([...union.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort()).toEqual(
      [...(NEWER_FIELDS.refund?.pending_reason ?? [])].sort(),
    );
  });
  it('refuses a newer operation sent parameters, answering another resource, or a newer field’s unknown value', () => {
    const retrieve = { method: 'GET', path: '/v1/refunds/re_1', query: '', body: '', status: 200 };
    const held = { id: 're_1', object: 'refund', amount: 100, created: 1, currency: 'usd', status: 'pending' };
    expect(requestProblems({ ...retrieve, answer: {} })).toEqual([]);
    expect(requestProblems({ ...retrieve, query: 'amount=5', answer: {} })).not.toEqual([]);
    expect(answerProblems({ ...retrieve, answer: { ...held, pending_reason: 'insufficient_funds' } })).toEqual([]);
    expect(answerProblems({ ...retrieve, answer: { ...held, pending_reason: 'low_balance' } })).not.toEqual([]);
    expect(answerProblems({ ...retrieve, answer: { ...held, object: 'charge' } })).not.toEqual([]);
    expect(resourceProblems({ ...held, pending_reason: 'low_balance' })).not.toEqual([]);
  });

  const intent = { method: 'POST', path: '/v1/payment_intents', query: '', status: 200, answer: {} };
  it('refuses a parameter Stripe does not publish, a wrong type, a missing required one', () => {
    expect(requestProblems({ ...intent, body: 'amount=100&currency=usd' })).toEqual([]);
    expect(requestProblems({ ...intent, body: 'amount=100&currency=usd&capture=manual' })).not.toEqual([]);
    expect(requestProblems({ ...intent, body: 'amount=ten&currency=usd' })).not.toEqual([]);
    expect(requestProblems({ ...intent, body: 'amount=100' })).not.toEqual([]);
    expect(requestProblems({ ...intent, path: '/v1/charges', body: 'amount=100' })).not.toEqual([]);
  });
  it('refuses an answer missing what Stripe always sends', () => {
    expect(answerProblems({ ...intent, body: '', answer: { id: 'pi_1', object: 'payment_intent' } })).not.toEqual([]);
  });
});
