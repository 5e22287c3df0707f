import { randomUUID } from 'node:crypto';
import type { OrderDetail } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { listings, orders, testPaymentIntents, testPaymentRefunds } from '../src/db/schema/index';
import { json, type TestApp } from './harness';
import type { Answer } from './offer-helpers';
import { auth, type Envelope } from './selling-helpers';

/** A call as a client makes it: the status and the envelope. */
export async function call<T>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    ...(payload !== undefined && { payload: payload as object }),
    headers: { ...headers, ...(token ? auth(token) : {}) },
  });
  return { status: res.statusCode, body: json<Envelope<T> & { error?: string }>(res) };
}

export const HOME = {
  firstName: 'Ann',
  lastName: 'Lee',
  line1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phoneNo: '5551234567',
};

/** A saved address of the person; its id. */
export async function savedAddress(t: TestApp, token: string): Promise<string> {
  const saved = await call<{ id: string }>(t, 'POST', '/svc/account/saveAddress', token, HOME);
  if (saved.status !== 200) throw new Error(`saveAddress answered ${saved.status}`);
  return saved.body.data.id;
}

export type Intent = {
  paymentIntentId: string;
  clientSecret: string;
  amount: { itemPrice: number; shipping: number; rewards: number; total: number };
  status: string;
};

export type CreatePIBody = {
  listingRefnum: string;
  offerRefnum?: string;
  deliveryMethod: 'ship' | 'pickup';
  addressId?: string;
  saveCard?: boolean;
  paymentCardId?: string;
  useRewards?: boolean;
};

export function createPI(t: TestApp, token: string | undefined, body: CreatePIBody, key: string | null = randomUUID()) {
  return call<Intent>(t, 'POST', '/svc/payment/createPI', token, body, key === null ? {} : { 'idempotency-key': key });
}

export const GOOD_CARD = { number: '4242 4242 4242 4242', exp: '12/30', cvc: '123' };

export function confirmCard(t: TestApp, token: string | undefined, paymentIntentId: string, card = GOOD_CARD) {
  return call<{ status: string; card: { brand: string; last4: string } }>(
    t,
    'POST',
    '/svc/payment/test-provider/confirm',
    token,
    { paymentIntentId, ...card },
  );
}

export type Placed = { orderId: string; listingRefnum: string; status: string };

export function placeOrder(t: TestApp, token: string | undefined, paymentIntentId: string) {
  return call<Placed>(t, 'POST', '/svc/orders/place', token, { paymentIntentId });
}

/** An intent of the buyer's, authorised by the good test card, ready to place. */
export async function authorisedIntent(
  t: TestApp,
  token: string,
  body: CreatePIBody,
  card = GOOD_CARD,
): Promise<Intent> {
  const pi = await createPI(t, token, body);
  if (pi.status !== 200) throw new Error(`createPI answered ${pi.status}: ${JSON.stringify(pi.body)}`);
  const confirmed = await confirmCard(t, token, pi.body.data.paymentIntentId, card);
  if (confirmed.status !== 200)
    throw new Error(`confirm answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  return pi.body.data;
}

/** Buy Now, shipped to a fresh saved address: the placed order. */
export async function boughtNow(t: TestApp, token: string, listingRefnum: string): Promise<Placed> {
  const addressId = await savedAddress(t, token);
  const intent = await authorisedIntent(t, token, { listingRefnum, deliveryMethod: 'ship', addressId });
  const placed = await placeOrder(t, token, intent.paymentIntentId);
  if (placed.status !== 200) throw new Error(`place answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  return placed.body.data;
}

export function orderDetail(t: TestApp, token: string | undefined, orderId: string) {
  return call<OrderDetail>(t, 'GET', `/svc/orders/${orderId}`, token);
}

/** The order rows of a listing, read from the database. */
export async function ordersOf(t: TestApp, listingRefnum: string) {
  const [listing] = await t.database.db.select().from(listings).where(eq(listings.refnum, listingRefnum));
  return t.database.db
    .select()
    .from(orders)
    .where(eq(orders.listingId, listing?.id ?? 0));
}

/** The status the built-in test provider holds for a payment intent. */
export async function intentStatus(t: TestApp, paymentIntentId: string) {
  const [row] = await t.database.db
    .select({ status: testPaymentIntents.status })
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.id, paymentIntentId));
  return row?.status;
}

/** The refunds the built-in test provider made of a payment intent. */
export function testProviderRefunds(t: TestApp, paymentIntentId: string) {
  return t.database.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.intentId, paymentIntentId));
}
