import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../src/db/schema/index';
import { advanceClock, closeInOrder, json, startTestApp, type TestApp } from './harness';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in';
import { intentMadeAtStandIn } from './webhook-helpers';

const WEBHOOK_SECRET = 'whsec_webhooktest';
const signer = new Stripe('sk_test_signer');

let standIn: StripeStandIn;
let t: TestApp;
let events = 0;

/** What the test handler did, one row per time it ran: the effect that must happen once. */
async function effects() {
  const result = await t.database.db.execute(
    sql`select event_id, intent_status from webhook_test_effects order by event_id`,
  );
  return (result as unknown as { rows: { event_id: string; intent_status: string }[] }).rows;
}
const recorded = async () => (await t.database.db.select().from(paymentEvents)).length;

function stripeEvent(type: string, object: Record<string, unknown>) {
  return JSON.stringify({ id: `evt_test_${++events}`, object: 'event', type, data: { object } });
}

function deliver(app: TestApp, payload: string, signature?: string, contentType = 'application/json; charset=utf-8') {
  const header =
    signature ??
    signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(app.app.clock.now().getTime() / 1000),
    });
  return app.app.inject({
    method: 'POST',
    url: '/svc/payment/webhook',
    payload,
    headers: { 'content-type': contentType, 'stripe-signature': header },
  });
}

let failNext = false;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await startTestApp({
    env: {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
    },
  });
  await t.database.db.execute(sql`create table webhook_test_effects (event_id text, intent_status text)`);
  // A capability's handler: re-reads the intent from the provider and writes in the event's transaction.
  t.app.paymentEvents.onPaymentEvent('payment_intent.amount_capturable_updated', async ({ tx, event, provider }) => {
    const intent = await provider.retrieveIntent(event.objectId);
    await tx.execute(sql`insert into webhook_test_effects values (${event.id}, ${intent.status})`);
    if (failNext) {
      failNext = false;
      throw new Error('the handler failed half-way');
    }
  });
});
afterAll(() => closeInOrder(t, standIn));

describe('POST /svc/payment/webhook with Stripe configured', () => {
  it('applies a signed event once, handing it to the registered handler, however often it arrives', async () => {
    const intent = await intentMadeAtStandIn(standIn);
    const payload = stripeEvent('payment_intent.amount_capturable_updated', { id: intent, object: 'payment_intent' });
    const id = JSON.parse(payload).id as string;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await deliver(t, payload));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => json<{ data: { applied: boolean } }>(a).data)).toEqual([
      { eventId: id, applied: true },
      { eventId: id, applied: false },
      { eventId: id, applied: false },
    ]);
    expect((await effects()).filter((e) => e.event_id === id)).toEqual([
      { event_id: id, intent_status: 'requires_capture' },
    ]);
  });

  it('applies an event delivered three times at once exactly once', async () => {
    const intent = await intentMadeAtStandIn(standIn);
    const payload = stripeEvent('payment_intent.amount_capturable_updated', { id: intent, object: 'payment_intent' });
    const id = JSON.parse(payload).id as string;
    const answers = await Promise.all([deliver(t, payload), deliver(t, payload), deliver(t, payload)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const applied = answers.map((a) => json<{ data: { applied: boolean } }>(a).data.applied);
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect((await effects()).filter((e) => e.event_id === id)).toHaveLength(1);
  });

  it('refuses a bad signature with 400 and writes nothing', async () => {
    const before = { events: await recorded(), effects: (await effects()).length };
    const payload = stripeEvent('payment_intent.amount_capturable_updated', { id: 'pi_x', object: 'payment_intent' });
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someoneelse' });
    for (const res of [
      await deliver(t, payload, forged),
      await deliver(t, payload, 't=1,v1=abc'),
      await t.app.inject({
        method: 'POST',
        url: '/svc/payment/webhook',
        payload,
        headers: { 'content-type': 'application/json' },
      }),
      // A body changed after signing.
      await deliver(
        t,
        payload.replace('pi_x', 'pi_y'),
        signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      ),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ code: 400, msg: 'The webhook signature does not match', error: 'invalid_signature' });
    }
    expect({ events: await recorded(), effects: (await effects()).length }).toEqual(before);
  });

  it('refuses a signature older than five minutes by the app clock', async () => {
    const payload = stripeEvent('payment_intent.succeeded', { id: 'pi_old', object: 'payment_intent' });
    const signedNow = signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(t.app.clock.now().getTime() / 1000),
    });
    await advanceClock(t, 6);
    expect((await deliver(t, payload, signedNow)).statusCode).toBe(400);
  });

  it('keeps nothing of a handler that fails, so the redelivered event is applied then', async () => {
    const intent = await intentMadeAtStandIn(standIn);
    const payload = stripeEvent('payment_intent.amount_capturable_updated', { id: intent, object: 'payment_intent' });
    const id = JSON.parse(payload).id as string;
    failNext = true;
    const failed = await deliver(t, payload);
    expect(failed.statusCode).toBe(500);
    expect(json(failed)).not.toHaveProperty('data');
    expect((await effects()).filter((e) => e.event_id === id)).toEqual([]);
    expect((await t.database.db.select().from(paymentEvents)).map((e) => e.eventId)).not.toContain(id);

    const again = await deliver(t, payload);
    expect(json(again)).toMatchObject({ code: 200, data: { eventId: id, applied: true } });
    expect((await effects()).filter((e) => e.event_id === id)).toHaveLength(1);
  });

  it('records an event no capability handles, so its replay is recognised too', async () => {
    const payload = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    const id = JSON.parse(payload).id as string;
    expect(json(await deliver(t, payload, undefined, 'application/json'))).toMatchObject({ data: { applied: true } });
    expect(json(await deliver(t, payload))).toMatchObject({ data: { applied: false } });
    const [row] = (await t.database.db.select().from(paymentEvents)).filter((e) => e.eventId === id);
    expect(row).toMatchObject({ provider: 'stripe', type: 'other', objectId: 'cus_1' });
  });

  it('leaves the other calls reading JSON as before', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/svc/dev/clock', payload: { advanceMinutes: 0 } });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /svc/payment/webhook without Stripe', () => {
  it('answers 404 with a reason, never a 500, with the built-in provider or without a webhook secret', async () => {
    const builtIn = await startTestApp();
    const noSecret = await startTestApp({
      env: { STRIPE_SECRET_KEY: standIn.secretKey, STRIPE_PUBLISHABLE_KEY: standIn.publishableKey },
    });
    try {
      for (const app of [builtIn, noSecret]) {
        const payload = stripeEvent('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' });
        const res = await deliver(app, payload);
        expect(res.statusCode).toBe(404);
        expect(json(res)).toMatchObject({ code: 404, error: 'webhook_not_configured' });
        expect(await app.database.db.select().from(paymentEvents)).toEqual([]);
      }
    } finally {
      await builtIn.close();
      await noSecret.close();
    }
  });
});
