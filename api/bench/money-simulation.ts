// A history of money made by simulated people against the real api (issue 34 item 10): each
// person acts at once with the others, through the app's HTTP handling in this process (inject),
// choosing from a seeded random sequence: Buy Now (picked up or shipped), offers (made, countered,
// accepted, then paid), the same payment sent again, hand-overs, labels, deliveries confirmed,
// returns (opened by the buyer, accepted by the seller, the parcel carried back on the clock),
// cancels, an admin's refunds in the console, bank accounts changed (some to Stripe's failing
// test account, so payouts fail and are sent again), and the dev clock moved (the daily payout
// runs). With the Stripe provider pointed at the stand-in, Stripe's side joins the mix: refunds
// made in its dashboard (full and partial), authorisations it lets lapse, cards it declines, the
// banks' answers to payouts, and the webhook events about all of them, delivered in any order and
// some twice. The same seed makes the same choices; what the requests meet depends on their order.
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/connect';
import { newRefnum } from '../src/db/refnum';
import { offers, orders, returns, transitions, users } from '../src/db/schema/index';
import { hashPassword } from '../src/modules/auth/passwords';
import type { Invariant } from '../src/modules/ledger/money-history';
import {
  chargeRefunded,
  operatorMoves,
  PLATFORM_RESERVE,
  queueRefundChanges,
  type StripeSide,
  type StripeWebhooks,
  settlePendingPayouts,
  stripeRefusal,
  stripeWebhooks,
} from './money-stripe-side';

export interface SimulationOptions {
  people: number;
  operations: number;
  seed: number;
  /** Pay through the Stripe stand-in (the api started with `stripeEnv`), Stripe's side in the mix. */
  stripe?: StripeSide;
}

/** A request the api acknowledged (answered 200) and the transition it must have left in the process log. */
export interface Acknowledged {
  process: 'order' | 'offer' | 'return';
  refnum: string;
  /** The events any one of which is the request's effect (a console refund cancels or marks returned). */
  events: string[];
  what: string;
}

export interface Simulation {
  /** How many of each operation ran, and how many were answered 200. */
  operations: Record<string, { run: number; acknowledged: number }>;
  /** The refusals met (an operation's status and message), with how many times: a refusal the mix did not mean shows here. */
  refusals: Record<string, number>;
  /** The effects the api acknowledged: each must be in the database after. */
  acknowledged: Acknowledged[];
  /** Stripe's webhook events: sent, delivered (replays included), applied. */
  webhooks?: { sent: number; delivered: number; applied: number };
}

const PASSWORD = 'Money-history-1';
export const LISTINGS_EACH = 8;
const GOOD_ACCOUNT = '000123456789';
/** Stripe's test account whose payouts fail (the built-in provider fails it too). */
const FAILING_ACCOUNT = '000111111116';
const ADDRESS = {
  firstName: 'Money',
  lastName: 'Person',
  line1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phoneNo: '5551234567',
};

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

const pick = <T>(items: T[], next: () => number): T | undefined => items[Math.floor(next() * items.length)];
const take = <T>(items: T[], next: () => number): T | undefined =>
  items.splice(Math.floor(next() * items.length), 1)[0];

interface Person {
  refnum: string;
  email: string;
  token: string;
  refreshToken: string;
  addressId: string;
  /** Seller: pickup orders waiting for the hand-over (the order and the buyer's code). */
  toHandOver: { orderId: string; code: string }[];
  /** Seller: shipped orders waiting for their label. */
  toShip: string[];
  /** Seller: offers received, to accept, counter or decline; returns opened on their sales. */
  offersReceived: string[];
  returnsOpened: string[];
  /** Buyer: counters received; accepted offers to pay; shipped orders bought (to confirm or return once arrived). */
  countersReceived: string[];
  toPay: { offerRefnum: string; listingRefnum: string }[];
  shippedToMe: string[];
  /** A pay-and-pickup this person was answered, to send again. */
  lastPaid?: { listingRefnum: string; paymentIntentId: string };
}

interface SimListing {
  id: number;
  refnum: string;
  owner: number;
  buyNow: boolean;
}

/**
 * Runs `operations` operations by `people` people against the app (its database holding a bulk
 * catalogue: bench/engines.ts, seed/bulk.ts) and answers what ran and what was acknowledged.
 */
export async function simulateMoneyHistory(
  app: FastifyInstance,
  db: Db,
  { people: count, operations, seed, stripe }: SimulationOptions,
): Promise<Simulation> {
  const passwordHash = await hashPassword(PASSWORD);
  const run = `${seed}-${Date.now().toString(36)}`;
  const rows = Array.from({ length: count + 1 }, (_, i) => ({
    refnum: newRefnum('user'),
    email: `money-${run}-${i}@example.com`,
    nameFirst: 'Money',
    nameLast: i === count ? 'Admin' : `Person${i}`,
    passwordHash,
    emailVerifiedAt: new Date(),
    // The last one is the console's admin, who refunds orders.
    roles: i === count ? ['ROLE_USER', 'ROLE_ADMIN'] : ['ROLE_USER'],
  }));
  const inserted = await db.insert(users).values(rows).returning({ id: users.id });
  // Live listings of each person's (as many as the catalogue holds, up to LISTINGS_EACH): one in
  // four takes offers, the rest are Buy Now; all may be picked up or shipped.
  const live = (await db.execute(
    sql`select id, refnum from listings where state = 'live' and price_cents >= 100 order by id limit ${count * LISTINGS_EACH}`,
  )) as unknown as { rows: { id: number; refnum: string }[] };
  const listings: SimListing[] = live.rows.map((row, i) => ({ ...row, owner: i % count, buyNow: i % 4 !== 3 }));
  for (const listing of listings) {
    await db.execute(
      sql`update listings set seller_id = ${inserted[listing.owner]?.id}, buy_now = ${listing.buyNow},
          meet_to_deliver = true, shippable = true, weight_lbs = 2 where id = ${listing.id}`,
    );
  }
  const listingIds = sql.raw(`(${listings.map((l) => l.id).join(',') || 0})`);
  const priceOf = new Map<string, number>();
  for (const row of (
    (await db.execute(sql`select refnum, price_cents from listings where id in ${listingIds}`)) as unknown as {
      rows: { refnum: string; price_cents: number }[];
    }
  ).rows) {
    priceOf.set(row.refnum, Number(row.price_cents));
  }

  const answer = async (method: 'POST' | 'GET' | 'PUT', url: string, who: Person | null, payload?: object) => {
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
    // The clock moved past the access token's life (another person may move it again meanwhile):
    // refreshed as a client does, then sent again.
    for (let tries = 0; res.statusCode === 401 && who && tries < 3; tries += 1) {
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
    if (res.statusCode >= 500) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
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
  const everyone: Person[] = [];
  for (const row of rows) {
    const who: Person = {
      refnum: row.refnum,
      email: row.email,
      token: '',
      refreshToken: '',
      addressId: '',
      toHandOver: [],
      toShip: [],
      offersReceived: [],
      returnsOpened: [],
      countersReceived: [],
      toPay: [],
      shippedToMe: [],
    };
    await signIn(who);
    everyone.push(who);
  }
  /** A Buy Now listing of someone else's still on sale (for Stripe's side, which needs a checkout to start). */
  const liveBuyNow = async (who: Person, next: () => number) => {
    const onSale = new Set(
      (
        (await db.execute(
          sql`select refnum from listings where state = 'live' and buy_now and id in ${listingIds}`,
        )) as unknown as { rows: { refnum: string }[] }
      ).rows.map((row) => row.refnum),
    );
    return pick(
      listings.filter((l) => onSale.has(l.refnum) && persons[l.owner] !== who),
      next,
    );
  };
  const offerPrice = async (offerRefnum: string) => {
    const [row] = await db
      .select({ price: offers.priceCents })
      .from(offers)
      .where(inArray(offers.refnum, [offerRefnum]));
    return row?.price;
  };
  const admin = everyone[count] as Person;
  const persons = everyone.slice(0, count);
  const bankAccount = (who: Person, accountNumber: string) =>
    answer('POST', '/svc/account/saveBankAccount', who, {
      accountHolder: 'Money Person',
      routingNumber: '011000015',
      accountNumber,
    });
  for (const [i, who] of persons.entries()) {
    await bankAccount(who, i % 4 === 0 ? FAILING_ACCOUNT : GOOD_ACCOUNT);
    who.addressId = String((await answer('POST', '/svc/account/saveAddress', who, ADDRESS)).data.id);
  }

  const result: Simulation = { operations: {}, refusals: {}, acknowledged: [] };
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
  const acknowledge = (process: Acknowledged['process'], refnum: string, events: string[], what: string) =>
    result.acknowledged.push({ process, refnum, events, what });

  const webhooks: StripeWebhooks | undefined = stripe && stripeWebhooks(app, stripe, run);
  stripe?.standIn.topUp(stripe.reserveCents);
  /** Each refund's status at Stripe when last looked at (its events are queued as it changes). */
  const refundsSeen = new Map<string, unknown>();
  /** Every order placed: its buyer, seller and the intent that paid it (for the admin's and Stripe's refunds). */
  const placed: { orderId: string; intentId: string }[] = [];

  /** What the buyer's browser does with the card: the built-in provider's test card, or Stripe.js at the stand-in. */
  const confirmCard = async (who: Person, paymentIntentId: string, declined = false) => {
    if (stripe) {
      const confirmed = await stripe.standIn.confirm(
        paymentIntentId,
        declined ? 'pm_card_chargeDeclined' : 'pm_card_visa',
      );
      const error = confirmed.body.error as { message?: string; payment_intent?: Record<string, unknown> } | undefined;
      if (error?.payment_intent) webhooks?.queue('payment_intent.payment_failed', error.payment_intent);
      return { status: confirmed.status, msg: error?.message ?? '' };
    }
    return answer('POST', '/svc/payment/test-provider/confirm', who, {
      paymentIntentId,
      number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
  };

  /** createPI and the card: the authorised intent's id, or null (the refusal counted). */
  const authorised = async (who: Person, name: string, body: object, declined = false) => {
    const intent = await answer('POST', '/svc/payment/createPI', who, body);
    if (!count200(`${name}: createPI`, intent)) return null;
    const paymentIntentId = String(intent.data.paymentIntentId);
    if (!count200(`${name}: card confirmed`, await confirmCard(who, paymentIntentId, declined))) return null;
    return paymentIntentId;
  };

  /** The buyer pays and picks up (a listing, or their accepted offer): the order waits for the seller's hand-over. */
  const payAndPickup = async (who: Person, name: string, listing: SimListing, offerRefnum?: string) => {
    const target = offerRefnum ? { offerRefnum } : { listingRefnum: listing.refnum };
    const paymentIntentId = await authorised(who, name, {
      listingRefnum: listing.refnum,
      ...(offerRefnum && { offerRefnum }),
      deliveryMethod: 'pickup',
    });
    if (!paymentIntentId) return;
    const paid = await answer('POST', '/svc/offer/pay-and-pickup', who, { ...target, paymentIntentId });
    if (!count200(`${name}: pay-and-pickup`, paid)) return;
    const orderId = String(paid.data.orderId);
    acknowledge('order', orderId, ['placeForPickup'], `${name}: pay-and-pickup`);
    placed.push({ orderId, intentId: paymentIntentId });
    if (!offerRefnum) who.lastPaid = { listingRefnum: listing.refnum, paymentIntentId };
    persons[listing.owner]?.toHandOver.push({ orderId, code: String(paid.data.pickupCode) });
  };

  const buyNow = async (who: Person, next: () => number) => {
    const listing = pick(
      listings.filter((l) => l.buyNow),
      next,
    );
    if (!listing || persons[listing.owner] === who) return;
    if (next() < 0.5) return payAndPickup(who, 'buy now', listing);
    // Shipped: the order waits for the seller's label.
    const paymentIntentId = await authorised(who, 'buy now shipped', {
      listingRefnum: listing.refnum,
      deliveryMethod: 'ship',
      addressId: who.addressId,
    });
    if (!paymentIntentId) return;
    const order = await answer('POST', '/svc/orders/place', who, { paymentIntentId });
    if (!count200('buy now shipped: place', order)) return;
    const orderId = String(order.data.orderId);
    acknowledge('order', orderId, ['place'], 'buy now shipped: place');
    placed.push({ orderId, intentId: paymentIntentId });
    persons[listing.owner]?.toShip.push(orderId);
    who.shippedToMe.push(orderId);
  };

  const makeOffer = async (who: Person, next: () => number) => {
    const listing = pick(
      listings.filter((l) => !l.buyNow),
      next,
    );
    if (!listing || persons[listing.owner] === who) return;
    const price = priceOf.get(listing.refnum) ?? 100;
    const made = await answer('POST', '/svc/offer/create/v2', who, {
      listingRefnum: listing.refnum,
      offerPrice: Math.max(1, Math.round(price * (0.6 + 0.3 * next()))),
    });
    if (!count200('offer made', made)) return;
    const offerRefnum = String(made.data.offerRefnum);
    acknowledge('offer', offerRefnum, ['make'], 'offer made');
    persons[listing.owner]?.offersReceived.push(offerRefnum);
  };

  /** The seller answers an offer they received: accepts it (most often), counters it, or declines it. */
  const answerOffer = async (who: Person, next: () => number) => {
    const offerRefnum = take(who.offersReceived, next);
    if (!offerRefnum) return;
    const roll = next();
    if (roll < 0.6) {
      const accepted = await answer('POST', '/svc/offer/accept', who, { offerRefnum });
      if (!count200('offer accepted by the seller', accepted)) return;
      acknowledge('offer', offerRefnum, ['accept'], 'offer accepted by the seller');
      const buyer = persons.find((p) => accepted.data.buyerRefnum === p.refnum);
      buyer?.toPay.push({ offerRefnum, listingRefnum: String(accepted.data.listingRefnum) });
    } else if (roll < 0.85) {
      const price = Number((await offerPrice(offerRefnum)) ?? 100);
      const countered = await answer('POST', '/svc/offer/counterOffer', who, {
        offerRefnum,
        offerPrice: price + Math.max(1, Math.round(price * 0.1)),
      });
      if (!count200('offer countered by the seller', countered)) return;
      acknowledge('offer', offerRefnum, ['counter'], 'offer countered by the seller');
      const buyer = persons.find((p) => countered.data.buyerRefnum === p.refnum);
      buyer?.countersReceived.push(String(countered.data.offerRefnum));
    } else {
      const declined = await answer('POST', '/svc/offer/decline', who, { offerRefnum });
      if (count200('offer declined by the seller', declined))
        acknowledge('offer', offerRefnum, ['decline'], 'offer declined by the seller');
    }
  };

  const acceptCounter = async (who: Person, next: () => number) => {
    const offerRefnum = take(who.countersReceived, next);
    if (!offerRefnum) return;
    const accepted = await answer('POST', '/svc/offer/accept', who, { offerRefnum });
    if (!count200('counter accepted by the buyer', accepted)) return;
    acknowledge('offer', offerRefnum, ['accept'], 'counter accepted by the buyer');
    who.toPay.push({ offerRefnum, listingRefnum: String(accepted.data.listingRefnum) });
  };

  const payOffer = async (who: Person, next: () => number) => {
    const offer = take(who.toPay, next);
    const listing = offer && listings.find((l) => l.refnum === offer.listingRefnum);
    if (!offer || !listing) return;
    await payAndPickup(who, 'accepted offer paid', listing, offer.offerRefnum);
  };

  const handOver = async (who: Person, next: () => number) => {
    const order = take(who.toHandOver, next);
    if (!order) return;
    const res = await answer('POST', '/svc/orders/confirm-pickup', who, order);
    if (count200('hand-over', res)) acknowledge('order', order.orderId, ['confirmPickup'], 'hand-over');
  };

  const ship = async (who: Person, next: () => number) => {
    const orderId = take(who.toShip, next);
    if (!orderId) return;
    const rates = await answer('GET', `/svc/shipping/rates?orderId=${orderId}&parcel=small`, who);
    if (!count200('label bought: rates', rates)) return;
    const service = String((rates.data.rates as { service: string }[] | undefined)?.[0]?.service ?? '');
    const label = await answer('POST', '/svc/shipping/label', who, { orderId, parcel: 'small', service });
    if (count200('label bought', label)) acknowledge('order', orderId, ['ship'], 'label bought');
  };

  /** The buyer of an arrived parcel keeps it (confirms delivery) or opens a return; not arrived yet, it is kept for later. */
  const receive = async (who: Person, next: () => number) => {
    const orderId = take(who.shippedToMe, next);
    if (!orderId) return;
    const [order] = await db
      .select({ state: orders.state })
      .from(orders)
      .where(inArray(orders.refnum, [orderId]));
    if (order?.state === 'paid' || order?.state === 'shipped') {
      who.shippedToMe.push(orderId);
      return;
    }
    // Cancelled, refunded or confirmed by the clock meanwhile: nothing left to receive.
    if (order?.state !== 'arrived') return;
    // The first parcel to arrive in a history is returned: a small history under load may see
    // only a few arrive, and the returns' money must be in every history, not by the dice alone.
    const returnedYet = (result.operations['return opened by the buyer']?.acknowledged ?? 0) > 0;
    if (returnedYet && next() < 0.4) {
      const confirmed = await answer('POST', '/svc/orders/confirm-delivery', who, { orderId });
      if (count200('delivery confirmed by the buyer', confirmed))
        acknowledge('order', orderId, ['confirmDelivery'], 'delivery confirmed by the buyer');
      return;
    }
    const opened = await answer('POST', '/svc/returns', who, {
      orderId,
      reason: 'damaged',
      text: 'The handle came off in the box.',
    });
    if (!count200('return opened by the buyer', opened)) return;
    const returnId = String(opened.data.returnId);
    acknowledge('order', orderId, ['openReturn'], 'return opened by the buyer');
    acknowledge('return', returnId, ['open'], 'return opened by the buyer');
    const [sale] = await db
      .select({ sellerEmail: users.email })
      .from(orders)
      .innerJoin(users, sql`${users.id} = ${orders.sellerId}`)
      .where(inArray(orders.refnum, [orderId]));
    persons.find((p) => p.email === sale?.sellerEmail)?.returnsOpened.push(returnId);
  };

  const acceptReturn = async (who: Person, next: () => number) => {
    const returnId = take(who.returnsOpened, next);
    if (!returnId) return;
    const accepted = await answer('POST', `/svc/returns/${returnId}/accept`, who);
    if (count200('return accepted by the seller', accepted))
      acknowledge('return', returnId, ['accept'], 'return accepted by the seller');
  };

  /** An admin refunds any order in the console (in full; refused once it cannot be, which the refusals show). */
  const consoleRefund = async (_who: Person, next: () => number) => {
    const order = pick(placed, next);
    if (!order) return;
    const refunded = await answer('PUT', `/svc/admin/orders/${order.orderId}`, admin, {
      refundReason: 'The buyer wrote to support',
    });
    if (count200('refund by an admin', refunded))
      acknowledge('order', order.orderId, ['cancel', 'markReturned'], 'refund by an admin');
  };

  /**
   * The platform's balance paid out to its bank (as Stripe's automatic payouts do), and support
   * refunds an order that afternoon: Stripe holds the refund for want of funds.
   */
  const withdrawnBeforeRefund = async (who: Person, next: () => number) => {
    if (!stripe || !webhooks) return;
    operatorMoves(stripe, -Math.max(0, stripe.standIn.balance()));
    count200('platform balance withdrawn', { status: 200 });
    const refunded = () => result.operations['refund by an admin']?.acknowledged ?? 0;
    const before = refunded();
    for (let tries = 0; tries < 5 && refunded() === before; tries += 1) await consoleRefund(who, next);
    // The jobs due now run (the card refund is sent), before anyone's capture refills the balance.
    await answer('POST', '/svc/dev/clock', null, { advanceMinutes: 0 });
    queueRefundChanges(stripe, webhooks, refundsSeen);
  };

  const choices: [number, string, (who: Person, next: () => number) => Promise<unknown>][] = [
    [0.14, 'buy now', buyNow],
    [
      0.17,
      'pay-and-pickup sent again',
      async (who) => {
        if (!who.lastPaid) return;
        count200('pay-and-pickup sent again', await answer('POST', '/svc/offer/pay-and-pickup', who, who.lastPaid));
      },
    ],
    [0.23, 'offer made', makeOffer],
    [0.28, 'offer answered', answerOffer],
    [0.3, 'counter accepted', acceptCounter],
    [0.34, 'accepted offer paid', payOffer],
    [0.42, 'hand-over', handOver],
    [0.5, 'label bought', ship],
    [0.58, 'parcel received', receive],
    [0.62, 'return accepted', acceptReturn],
    [
      0.65,
      'cancel',
      async (who, next) => {
        const order = take(who.toHandOver, next) ?? { orderId: take(who.toShip, next) };
        if (!order.orderId) return;
        const res = await answer('POST', '/svc/orders/cancel', who, { orderId: order.orderId });
        if (count200('cancel by the seller', res))
          acknowledge('order', order.orderId, ['cancel'], 'cancel by the seller');
      },
    ],
    [0.68, 'refund by an admin', consoleRefund],
    [
      0.72,
      'bank account changed',
      async (who, next) =>
        count200('bank account changed', await bankAccount(who, next() < 0.3 ? FAILING_ACCOUNT : GOOD_ACCOUNT)),
    ],
    [
      0.8,
      'clock moved',
      async (_who, next) => {
        // Mostly hours (an offer waits 24 of them), sometimes a day or more (holds end, the daily payout runs).
        const minutes = Math.floor(next() * (next() < 0.8 ? 4 * 60 : 30 * 60));
        count200('clock moved', await answer('POST', '/svc/dev/clock', null, { advanceMinutes: minutes }));
      },
    ],
  ];
  if (stripe && webhooks) {
    const { standIn } = stripe;
    choices.push(
      [
        0.83,
        'refund at Stripe',
        async (_who, next) => {
          const order = pick(placed, next);
          if (!order) return;
          const intent = standIn.objects('pi').find((pi) => pi.id === order.intentId);
          const partial =
            next() < 0.5 ? Math.max(1, Math.floor(Number(intent?.amount_received ?? 0) * 0.3)) : undefined;
          const name = `refund at Stripe (${partial ? 'partial' : 'full'})`;
          try {
            standIn.refundFromDashboard(order.intentId, partial);
          } catch (error) {
            count200(name, { status: 400, msg: stripeRefusal(error) });
            return;
          }
          count200(name, { status: 200 });
          webhooks.queue('charge.refunded', chargeRefunded(stripe, order.intentId));
        },
      ],
      [
        0.855,
        'authorisation lapsed at Stripe',
        async (who, next) => {
          // A checkout left in a closed tab: authorised, never placed, until Stripe cancels it.
          const listing = await liveBuyNow(who, next);
          if (!listing) return;
          const paymentIntentId = await authorised(who, 'authorisation lapsed', {
            listingRefnum: listing.refnum,
            deliveryMethod: 'pickup',
          });
          if (!paymentIntentId) return;
          const intent = standIn.objects('pi').find((pi) => pi.id === paymentIntentId);
          if (intent?.status !== 'requires_capture') return;
          webhooks.queue('payment_intent.canceled', { ...standIn.expireAuthorisation(paymentIntentId) });
          count200('authorisation lapsed at Stripe', { status: 200 });
          // The buyer comes back to the tab after all: nothing can be placed with a cancelled authorisation.
          if (next() < 0.5) {
            const after = await answer('POST', '/svc/offer/pay-and-pickup', who, {
              listingRefnum: listing.refnum,
              paymentIntentId,
            });
            if (after.status === 200) {
              // Not meant: kept among the orders, so the invariants look at what it did.
              acknowledge('order', String(after.data.orderId), ['placeForPickup'], 'pay-and-pickup after the lapse');
              placed.push({ orderId: String(after.data.orderId), intentId: paymentIntentId });
            }
            count200('authorisation lapsed: pay-and-pickup after', after);
          }
        },
      ],
      [
        0.88,
        'card declined at Stripe',
        async (who, next) => {
          const listing = await liveBuyNow(who, next);
          if (listing)
            await authorised(who, 'card declined', { listingRefnum: listing.refnum, deliveryMethod: 'pickup' }, true);
        },
      ],
      [
        0.92,
        'payouts settled by the banks',
        async (_who, next) => {
          count200('payouts settled by the banks', { status: 200 });
          settlePendingPayouts(stripe, webhooks, next, 0.5);
        },
      ],
      [0.935, 'platform balance withdrawn', withdrawnBeforeRefund],
      [
        0.95,
        'platform balance topped up',
        async (_who, next) => {
          operatorMoves(stripe, Math.floor(next() * PLATFORM_RESERVE));
          count200('platform balance topped up', { status: 200 });
          queueRefundChanges(stripe, webhooks, refundsSeen);
        },
      ],
      [
        0.96,
        'held refund failed at Stripe',
        async (_who, next) => {
          const held = pick(
            standIn.objects('re').filter((re) => re.status === 'pending'),
            next,
          );
          if (!held) return;
          standIn.failRefund(String(held.id));
          count200('held refund failed at Stripe', { status: 200 });
          queueRefundChanges(stripe, webhooks, refundsSeen);
        },
      ],
      [
        1,
        'webhook delivered',
        async (_who, next) => {
          const delivered = await webhooks.deliverOne(next);
          if (delivered) count200(`webhook ${delivered.type}`, delivered);
        },
      ],
    );
  }

  let started = 0;
  await Promise.all(
    persons.map(async (who, i) => {
      const next = random(seed * 1_000 + i);
      while (started < operations) {
        started += 1;
        // Without Stripe's side, the rolls spread over the api's operations alone.
        const roll = next() * (stripe ? 1 : 0.8);
        const [, , act] = choices.find(([upTo]) => roll < upTo) ?? (choices.at(-1) as (typeof choices)[number]);
        await act(who, next);
      }
    }),
  );
  // Then a week, a day at a time, as people come back each day: sellers answer offers, buyers
  // accept counters and pay what was accepted, sellers hand over and ship what waits, buyers keep
  // or return what arrived, sellers accept the returns; every hold passes, the daily payouts run
  // (a failed one is sent again), parcels travel both ways. At Stripe the banks answer every
  // payout and every event is delivered (some twice).
  const last = random(seed * 1_000 + 999);
  const stripeCatchesUp = async () => {
    if (!stripe || !webhooks) return;
    // The operator restores the reserve: the refunds Stripe held are sent, transfers go through.
    const short = PLATFORM_RESERVE - stripe.standIn.balance();
    if (short > 0) operatorMoves(stripe, short);
    queueRefundChanges(stripe, webhooks, refundsSeen);
    settlePendingPayouts(stripe, webhooks, last);
    for (const delivered of await webhooks.drain(last)) count200(`webhook ${delivered.type}`, delivered);
  };
  // Every history with Stripe's side meets an empty platform balance at least once.
  if (!result.operations['platform balance withdrawn']) await withdrawnBeforeRefund(persons[0] as Person, last);
  for (let day = 0; day < 7; day += 1) {
    for (const who of persons) while (who.offersReceived.length > 0) await answerOffer(who, last);
    for (const who of persons) {
      while (who.countersReceived.length > 0) await acceptCounter(who, last);
      while (who.toPay.length > 0) await payOffer(who, last);
    }
    for (const who of persons) {
      while (who.toHandOver.length > 0) await handOver(who, last);
      while (who.toShip.length > 0) await ship(who, last);
      for (let left = who.shippedToMe.length; left > 0; left -= 1) await receive(who, last);
      while (who.returnsOpened.length > 0) await acceptReturn(who, last);
    }
    await stripeCatchesUp();
    await answer('POST', '/svc/dev/clock', null, { advanceMinutes: 24 * 60 + 1 });
  }
  // The last payouts sent are answered too, and what that queued runs: both books are read at rest.
  await stripeCatchesUp();
  await answer('POST', '/svc/dev/clock', null, { advanceMinutes: 0 });
  if (webhooks) result.webhooks = { ...webhooks.tally };
  return result;
}

/** The tables whose rows a process's transitions are about, by refnum. */
const SUBJECTS = { order: orders, offer: offers, return: returns } as const;

/**
 * Every effect the api acknowledged is in the database: each acknowledged request left its
 * transition in the process log (the order placed, handed over, shipped, cancelled or refunded;
 * the offer made, countered, accepted, declined; the return opened, accepted).
 */
export async function acknowledgedEffects(db: Db, simulation: Simulation): Promise<Invariant> {
  const broken: string[] = [];
  for (const [process, table] of Object.entries(SUBJECTS) as [Acknowledged['process'], typeof orders][]) {
    const wanted = simulation.acknowledged.filter((a) => a.process === process);
    if (wanted.length === 0) continue;
    const ids = await db
      .select({ id: table.id, refnum: table.refnum })
      .from(table)
      .where(
        inArray(
          table.refnum,
          wanted.map((a) => a.refnum),
        ),
      );
    const idOf = new Map(ids.map((row) => [row.refnum, row.id]));
    const logged = await db
      .select({ subjectId: transitions.subjectId, event: transitions.event })
      .from(transitions)
      .where(
        sql`${transitions.process} = ${process} and ${inArray(
          transitions.subjectId,
          ids.map((row) => row.id),
        )}`,
      );
    const seen = new Set(logged.map((row) => `${row.subjectId} ${row.event}`));
    for (const a of wanted) {
      const id = idOf.get(a.refnum);
      if (id === undefined) broken.push(`${process} ${a.refnum} (${a.what}: 200) is missing`);
      else if (!a.events.some((event) => seen.has(`${id} ${event}`)))
        broken.push(`${process} ${a.refnum} (${a.what}: 200) has no ${a.events.join(' or ')} in its log`);
    }
  }
  return {
    name: "every acknowledged request's effect is present (its transition in the process log)",
    checked: simulation.acknowledged.length,
    broken,
  };
}
