import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../src/db/schema/index';
import { json, startTestApp, type TestApp } from './harness';
import type { StripeStandIn } from './stripe-stand-in';
import { stripeApp, stripeEvent, WEBHOOK_SECRET } from './webhook-helpers';

const signer = new Stripe('sk_test_signer');
let t: TestApp;
let standIn: StripeStandIn;

beforeAll(async () => {
  ({ t, standIn } = await stripeApp(startTestApp));
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** Posts `payload` signed with the webhook secret, dated `offsetSeconds` from the app clock. */
function post(payload: string, offsetSeconds = 0) {
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(t.app.clock.now().getTime() / 1000) + offsetSeconds,
  });
  return t.app.inject({
    method: 'POST',
    url: '/svc/payment/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

describe('Stripe signatures dated ahead of the clock', () => {
  it('refuses a signature dated more than five minutes ahead, and takes one within them', async () => {
    const ahead = stripeEvent('customer.created', { id: 'cus_ahead', object: 'customer' });
    for (const offset of [301, 60 * 60, 24 * 60 * 60]) {
      const res = await post(ahead.payload, offset);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ code: 400, error: 'invalid_signature' });
    }
    const near = stripeEvent('customer.created', { id: 'cus_near', object: 'customer' });
    expect(json(await post(near.payload, 240))).toMatchObject({ code: 200, data: { applied: true } });
  });
});

/** A small seeded generator: the same bodies every run, so a failure can be read again. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
}

const BAD_IDS: unknown[] = [null, 42, '', 'evt_\u0000nul', {}, [], 'x'.repeat(300), true, 'evt with spaces'];
const BAD_OBJECTS: unknown[] = [null, 'pi_1', 5, [], true];
const TYPES = [
  'payment_intent.amount_capturable_updated',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'payout.paid',
  'payout.failed',
  'account.updated',
];

/** A body whose signature is good but whose contents no Stripe event has. */
function malformedBody(pick: ReturnType<typeof generator>, n: number): string {
  const type = pick(TYPES);
  const object: Record<string, unknown> = { id: `obj_${n}`, object: type.split('.')[0] };
  const event: Record<string, unknown> = { id: `evt_fuzz_${n}`, object: 'event', type, data: { object } };
  const damage = pick([
    () => {
      event.id = pick(BAD_IDS);
    },
    () => {
      event.type = pick([null, 7, '', {}, []]);
    },
    () => {
      event.data = pick([null, 'x', 5, [], {}]);
    },
    () => {
      (event.data as Record<string, unknown>).object = pick(BAD_OBJECTS);
    },
    () => {
      object.id = pick([7, '', 'pi_\u0000', {}, [], null, 'y'.repeat(300)]);
    },
    () => {
      Object.assign(object, { object: 'charge', id: 'ch_1', payment_intent: pick([5, {}, { id: 7 }, '', []]) });
    },
    () => {
      Object.assign(object, { failure_message: pick([5, {}, []]), failure_code: pick([6, [], {}]) });
      event.type = 'payout.failed';
    },
    () => {
      object.last_payment_error = pick(['declined', 5, []]);
      event.type = 'payment_intent.payment_failed';
    },
    () => {
      event.account = pick([5, '', {}, 'acct_\u0000']);
    },
  ]);
  damage();
  const whole = pick(['event', 'event', 'event', 'event', 'null', '5', '"text"', '[]', 'not json', '{"id":']);
  return whole === 'event' ? JSON.stringify(event) : whole;
}

describe('malformed events with a good signature', () => {
  it('answers every one of 400 malformed signed bodies 400, never 500, and records none', async () => {
    const before = (await t.database.db.select().from(paymentEvents)).length;
    const pick = generator(34);
    const answers = new Map<number, number>();
    const failures: string[] = [];
    for (let n = 0; n < 400; n++) {
      const body = malformedBody(pick, n);
      const res = await post(body);
      answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode !== 400) failures.push(`${res.statusCode}: ${body}`);
      else expect(json(res)).toMatchObject({ code: 400 });
    }
    expect(failures).toEqual([]);
    expect([...answers.keys()]).toEqual([400]);
    expect((await t.database.db.select().from(paymentEvents)).length).toBe(before);
  });

  it('says a well-signed body is not an event it can read', async () => {
    const res = await post(JSON.stringify({ id: 'evt_no_data', object: 'event', type: 'charge.refunded' }));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      code: 400,
      msg: 'The webhook event cannot be read: it is not shaped as a Stripe event',
      error: 'malformed_event',
    });
  });
});
