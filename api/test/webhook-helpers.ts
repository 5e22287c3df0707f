import Stripe from 'stripe';
import { json, type TestApp } from './harness';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in';

export const WEBHOOK_SECRET = 'whsec_webhooktest';
const signer = new Stripe('sk_test_signer');
let events = 0;

/** An api paying through Stripe (the stand-in), its webhook checked with WEBHOOK_SECRET. */
export async function stripeApp(
  start: (options: { env: Record<string, string> }) => Promise<TestApp>,
): Promise<{ t: TestApp; standIn: StripeStandIn }> {
  const standIn = await startStripeStandIn();
  const t = await start({
    env: {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
    },
  });
  return { t, standIn };
}

/** A Stripe event's body as Stripe sends it, with a new event id. */
export function stripeEvent(type: string, object: Record<string, unknown>): { id: string; payload: string } {
  const id = `evt_test_${process.pid}_${++events}`;
  return { id, payload: JSON.stringify({ id, object: 'event', type, data: { object } }) };
}

/** Delivers an event to `POST /svc/payment/webhook`, signed now by the app clock; answers whether it was applied. */
export async function deliver(t: TestApp, payload: string): Promise<{ status: number; applied?: boolean }> {
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(t.app.clock.now().getTime() / 1000),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/svc/payment/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
  return { status: res.statusCode, applied: json<{ data?: { applied: boolean } }>(res).data?.applied };
}
