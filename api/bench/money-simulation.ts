// A history of money made by simulated people against the real api (issue 34 item 10): each
// person acts at once with the others, through the app's HTTP handling in this process (inject),
// choosing from a seeded random sequence: Buy Now with the test card and pay-and-pickup, the
// same request sent again, hand-overs, cancels, bank accounts changed (some to Stripe's failing
// test account, so payouts fail and are sent again), and the dev clock moved (the daily payout
// runs). The same seed makes the same choices; what the requests meet depends on their order.
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/connect';
import { newRefnum } from '../src/db/refnum';
import { orders, users } from '../src/db/schema/index';
import { hashPassword } from '../src/modules/auth/passwords';
import type { Invariant } from '../src/modules/ledger/money-history';

export interface SimulationOptions {
  people: number;
  operations: number;
  seed: number;
}

export interface Simulation {
  /** How many of each operation ran, and how many were answered 200. */
  operations: Record<string, { run: number; acknowledged: number }>;
  /** The refusals met (an operation's status and message), with how many times: a refusal the mix did not mean shows here. */
  refusals: Record<string, number>;
  /** The effects the api acknowledged (answered 200): each must be in the database after. */
  placed: string[];
  handedOver: string[];
  cancelled: string[];
}

const PASSWORD = 'Money-history-1';
export const LISTINGS_EACH = 8;
const GOOD_ACCOUNT = '000123456789';
/** Stripe's test account whose payouts fail (the built-in provider fails it too). */
const FAILING_ACCOUNT = '000111111116';

/** mulberry32: a small seeded generator, so a seed replays the same choices. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Person {
  email: string;
  token: string;
  refreshToken: string;
  /** Orders of this person's listings waiting for the hand-over: the order's refnum and the buyer's code. */
  toHandOver: { orderId: string; code: string }[];
  /** A pay-and-pickup this person was answered, to send again. */
  lastPaid?: { listingRefnum: string; paymentIntentId: string };
}

/**
 * Runs `operations` operations by `people` people against the app (its database holding a bulk
 * catalogue: bench/engines.ts, seed/bulk.ts) and answers what ran and what was acknowledged.
 */
export async function simulateMoneyHistory(
  app: FastifyInstance,
  db: Db,
  { people: count, operations, seed }: SimulationOptions,
): Promise<Simulation> {
  const passwordHash = await hashPassword(PASSWORD);
  const run = `${seed}-${Date.now().toString(36)}`;
  const rows = Array.from({ length: count }, (_, i) => ({
    refnum: newRefnum('user'),
    email: `money-${run}-${i}@example.com`,
    nameFirst: 'Money',
    nameLast: `Person${i}`,
    passwordHash,
    emailVerifiedAt: new Date(),
  }));
  const inserted = await db.insert(users).values(rows).returning({ id: users.id });
  // Live listings of each person's (as many as the catalogue holds, up to LISTINGS_EACH), bought at once, handed over on the spot.
  const live = (await db.execute(
    sql`select id, refnum from listings where state = 'live' and price_cents >= 100 order by id limit ${count * LISTINGS_EACH}`,
  )) as unknown as { rows: { id: number; refnum: string }[] };
  const listings = live.rows.map((row, i) => ({ ...row, owner: i % count }));
  for (const listing of listings) {
    await db.execute(
      sql`update listings set seller_id = ${inserted[listing.owner]?.id}, buy_now = true, meet_to_deliver = true where id = ${listing.id}`,
    );
  }

  const answer = async (method: 'POST' | 'GET', url: string, who: Person | null, payload?: object) => {
    const send = () =>
      app.inject({
        method,
        url,
        ...(payload && { payload }),
        headers: {
          ...(who && { authorization: `Bearer ${who.token}` }),
          ...(url.endsWith('/createPI') && { 'idempotency-key': `money-${Math.random().toString(36).slice(2)}` }),
        },
      });
    let res = await send();
    if (res.statusCode === 401 && who) {
      // The clock moved past the access token's life: refreshed as a client does, then sent again.
      const refreshed = await app.inject({
        method: 'POST',
        url: '/svc/users/refreshToken',
        payload: { refreshToken: who.refreshToken },
      });
      const data = (JSON.parse(refreshed.body) as { data?: { accessToken: string; refreshToken: string } }).data;
      if (data) Object.assign(who, { token: data.accessToken, refreshToken: data.refreshToken });
      else await signIn(who); // the refresh token too outlived its days: signed in again
      res = await send();
    }
    if (res.statusCode >= 500) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    const body = JSON.parse(res.body) as { data?: Record<string, unknown>; msg?: string };
    return { status: res.statusCode, data: body.data ?? {}, msg: body.msg ?? '' };
  };

  async function signIn(who: Person): Promise<void> {
    const login = await app.inject({
      method: 'POST',
      url: '/svc/users/login',
      payload: { email: who.email, password: PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
    const data = (JSON.parse(login.body) as { data: { token: string; refreshToken: string } }).data;
    Object.assign(who, { token: data.token, refreshToken: data.refreshToken });
  }
  const persons: Person[] = [];
  for (const row of rows) {
    const who: Person = { email: row.email, token: '', refreshToken: '', toHandOver: [] };
    await signIn(who);
    persons.push(who);
  }
  const bankAccount = (who: Person, accountNumber: string) =>
    answer('POST', '/svc/account/saveBankAccount', who, {
      accountHolder: 'Money Person',
      routingNumber: '011000015',
      accountNumber,
    });
  for (const [i, who] of persons.entries()) await bankAccount(who, i % 4 === 0 ? FAILING_ACCOUNT : GOOD_ACCOUNT);

  const result: Simulation = { operations: {}, refusals: {}, placed: [], handedOver: [], cancelled: [] };
  const count200 = (name: string, answered: { status: number; msg?: string }) => {
    const { status } = answered;
    const entry = result.operations[name] ?? { run: 0, acknowledged: 0 };
    entry.run += 1;
    if (status === 200) entry.acknowledged += 1;
    else {
      const refusal = `${name}: ${status} ${answered.msg ?? ''}`.trim();
      result.refusals[refusal] = (result.refusals[refusal] ?? 0) + 1;
    }
    result.operations[name] = entry;
    return status === 200;
  };

  const buy = async (who: Person, next: () => number) => {
    const listing = listings[Math.floor(next() * listings.length)];
    if (!listing || persons[listing.owner] === who)
      return count200('buy now (own item: skipped)', { status: 0, msg: 'skipped' });
    const intent = await answer('POST', '/svc/payment/createPI', who, {
      listingRefnum: listing.refnum,
      deliveryMethod: 'pickup',
    });
    if (!count200('createPI', intent)) return;
    const paymentIntentId = String(intent.data.paymentIntentId);
    const confirmed = await answer('POST', '/svc/payment/test-provider/confirm', who, {
      paymentIntentId,
      number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    if (!count200('card confirmed', confirmed)) return;
    const paid = await answer('POST', '/svc/offer/pay-and-pickup', who, {
      listingRefnum: listing.refnum,
      paymentIntentId,
    });
    if (!count200('pay-and-pickup', paid)) return;
    const orderId = String(paid.data.orderId);
    result.placed.push(orderId);
    who.lastPaid = { listingRefnum: listing.refnum, paymentIntentId };
    persons[listing.owner]?.toHandOver.push({ orderId, code: String(paid.data.pickupCode) });
  };

  const choices: [number, string, (who: Person, next: () => number) => Promise<unknown>][] = [
    [0.45, 'buy now', buy],
    [
      0.6,
      'pay-and-pickup sent again',
      async (who) => {
        if (!who.lastPaid) return;
        count200('pay-and-pickup sent again', await answer('POST', '/svc/offer/pay-and-pickup', who, who.lastPaid));
      },
    ],
    [
      0.78,
      'hand-over',
      async (who, next) => {
        const order = who.toHandOver.splice(Math.floor(next() * who.toHandOver.length), 1)[0];
        if (!order) return;
        const res = await answer('POST', '/svc/orders/confirm-pickup', who, order);
        if (count200('hand-over', res)) result.handedOver.push(order.orderId);
      },
    ],
    [
      0.86,
      'cancel',
      async (who, next) => {
        const order = who.toHandOver.splice(Math.floor(next() * who.toHandOver.length), 1)[0];
        if (!order) return;
        const res = await answer('POST', '/svc/orders/cancel', who, { orderId: order.orderId });
        if (count200('cancel', res)) result.cancelled.push(order.orderId);
      },
    ],
    [
      0.93,
      'bank account changed',
      async (who, next) =>
        count200('bank account changed', await bankAccount(who, next() < 0.3 ? FAILING_ACCOUNT : GOOD_ACCOUNT)),
    ],
    [
      1,
      'clock moved',
      async (_who, next) => {
        const minutes = Math.floor(next() * 30 * 60);
        count200('clock moved', await answer('POST', '/svc/dev/clock', null, { advanceMinutes: minutes }));
      },
    ],
  ];

  let started = 0;
  await Promise.all(
    persons.map(async (who, i) => {
      const next = random(seed * 1_000 + i);
      while (started < operations) {
        started += 1;
        const roll = next();
        const [, , act] = choices.find(([upTo]) => roll < upTo) ?? (choices.at(-1) as (typeof choices)[number]);
        await act(who, next);
      }
    }),
  );
  // Two days on: every hold has passed, the daily payouts ran twice (a failed one is sent again).
  for (let day = 0; day < 3; day += 1) await answer('POST', '/svc/dev/clock', null, { advanceMinutes: 24 * 60 + 1 });
  return result;
}

/** Every effect the api acknowledged is in the database: placed orders exist, handed-over ones delivered, cancelled ones cancelled. */
export async function acknowledgedEffects(db: Db, simulation: Simulation): Promise<Invariant> {
  const ids = [...simulation.placed];
  const found = ids.length
    ? await db.select({ id: orders.refnum, state: orders.state }).from(orders).where(inArray(orders.refnum, ids))
    : [];
  const state = new Map(found.map((row) => [row.id, row.state]));
  const broken = [
    ...simulation.placed.filter((id) => !state.has(id)).map((id) => `order ${id} placed (200) but missing`),
    ...simulation.handedOver
      .filter((id) => state.get(id) !== 'delivered')
      .map((id) => `order ${id} handed over (200) but ${state.get(id)}`),
    ...simulation.cancelled
      .filter((id) => state.get(id) !== 'cancelled')
      .map((id) => `order ${id} cancelled (200) but ${state.get(id)}`),
  ];
  return {
    name: "every acknowledged request's effect is present (orders placed, handed over, cancelled)",
    checked: simulation.placed.length + simulation.handedOver.length + simulation.cancelled.length,
    broken,
  };
}
