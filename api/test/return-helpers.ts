import type { LoginData, ReturnDetail } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { orders, returns } from '../src/db/schema/index';
import { boughtNow, call } from './checkout-helpers';
import { advanceClock, json, type TestApp } from './harness';
import { freshAddress, GOOD_PASSWORD, post, postFrom } from './identity-helpers';
import { publishedListing } from './selling-helpers';

export const RETURN_BODY = { reason: 'damaged', text: 'The handle came off in the box.' } as const;

/**
 * Moves the clock (running what came due) and keeps each person signed in, in place: a refresh,
 * or a new log-in once their session reached its end (the tests move the clock by weeks).
 */
export async function advanceSignedIn(t: TestApp, minutes: number, people: LoginData[]): Promise<void> {
  await advanceClock(t, minutes);
  for (const person of people) {
    const refresh = await post(t, '/svc/users/refreshToken', { refreshToken: person.refreshToken });
    if (refresh.statusCode === 200) {
      const data = json<{ data: { accessToken: string; refreshToken: string } }>(refresh).data;
      Object.assign(person, { token: data.accessToken, refreshToken: data.refreshToken });
      continue;
    }
    const login = await postFrom(t, freshAddress(), '/svc/users/login', {
      email: person.email,
      password: GOOD_PASSWORD,
    });
    if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
    Object.assign(person, json<{ data: LoginData }>(login).data);
  }
}

/** Moves the clock a day at a time (people stay signed in) until `done` says so; at most `days`. */
export async function dayByDay(t: TestApp, people: LoginData[], done: () => Promise<boolean>, days = 10) {
  for (let day = 0; day < days; day++) {
    if (await done()) return;
    await advanceSignedIn(t, 24 * 60, people);
  }
  if (!(await done())) throw new Error(`not done after ${days} days`);
}

/** The seller buys the label (the built-in carrier's cheapest service); its tracking number. */
export async function labelBought(t: TestApp, seller: LoginData, orderId: string): Promise<string> {
  const rates = await call<{ rates: { service: string }[] }>(
    t,
    'GET',
    `/svc/shipping/rates?orderId=${orderId}&parcel=small`,
    seller.token,
  );
  const service = rates.body.data.rates[0]?.service ?? '';
  const label = await call<{ trackingNumber: string }>(t, 'POST', '/svc/shipping/label', seller.token, {
    orderId,
    parcel: 'small',
    service,
  });
  if (label.status !== 200) throw new Error(`label answered ${label.status}: ${JSON.stringify(label.body)}`);
  return label.body.data.trackingNumber;
}

/** The people of a test: the order's seller and buyer, and whoever else must stay signed in while the clock moves. */
export type Cast = { seller: LoginData; buyer: LoginData } & Record<string, LoginData>;

/** The seller ships the order and the built-in carrier delivers it on the clock: the order is `arrived`. */
export async function arrived(t: TestApp, cast: Cast, orderId: string): Promise<void> {
  await labelBought(t, cast.seller, orderId);
  await dayByDay(t, Object.values(cast), async () => {
    const [order] = await t.database.db.select({ state: orders.state }).from(orders).where(eq(orders.refnum, orderId));
    return order?.state === 'arrived';
  });
}

/** A shipped sale of the seller's, bought by the buyer and delivered by the carrier: its orderId and listing. */
export async function deliveredSale(t: TestApp, cast: Cast, listingPrice = 2500) {
  const listingRefnum = await publishedListing(t, cast.seller.token, { listingPrice });
  const placed = await boughtNow(t, cast.buyer.token, listingRefnum);
  await arrived(t, cast, placed.orderId);
  return { orderId: placed.orderId, listingRefnum };
}

export function openReturn(t: TestApp, token: string | undefined, body: object) {
  return call<{ returnId: string }>(t, 'POST', '/svc/returns', token, body);
}

export function answerReturn(t: TestApp, token: string | undefined, returnId: string, answer: 'accept' | 'dispute') {
  return call<ReturnDetail>(t, 'POST', `/svc/returns/${returnId}/${answer}`, token);
}

export function returnDetail(t: TestApp, token: string | undefined, returnId: string) {
  return call<ReturnDetail>(t, 'GET', `/svc/returns/${returnId}`, token);
}

/** A return opened by the buyer on a delivered sale: its returnId and the sale. */
export async function openedReturn(t: TestApp, cast: Cast, listingPrice = 2500) {
  const sale = await deliveredSale(t, cast, listingPrice);
  const opened = await openReturn(t, cast.buyer.token, { orderId: sale.orderId, ...RETURN_BODY });
  if (opened.status !== 200) throw new Error(`open answered ${opened.status}: ${JSON.stringify(opened.body)}`);
  return { ...sale, returnId: opened.body.data.returnId };
}

/** The built-in carrier carries the accepted return's parcel back to the seller on the clock. */
export async function deliveredBack(t: TestApp, cast: Cast, returnId: string): Promise<void> {
  await dayByDay(t, Object.values(cast), async () => {
    const [row] = await t.database.db
      .select({ state: returns.state })
      .from(returns)
      .where(eq(returns.refnum, returnId));
    return row?.state === 'refunded';
  });
}
