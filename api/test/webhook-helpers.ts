import Stripe from 'stripe';
import { json, type TestApp } from './harness';
import { eventFromFixtures } from './stripe-openapi/published-api';
import { type StandInOptions, type StripeStandIn, startStripeStandIn } from './stripe-stand-in';

export const WEBHOOK_SECRET = 'whsec_webhooktest';
/** The Connect endpoint's secret (the connected accounts' events), set by `stripeApp(…, {connect: true})`. */
export const CONNECT_WEBHOOK_SECRET = 'whsec_connecttest';
const signer = new Stripe('sk_test_signer');
let events = 0;

/** An api paying through Stripe (the stand-in), its webhook checked with WEBHOOK_SECRET. */
export async function stripeApp(
  start: (options: { env: Record<string, string> }) => Promise<TestApp>,
  options: { standIn?: StandInOptions; connect?: boolean; env?: Record<string, string> } = {},
): Promise<{ t: TestApp; standIn: StripeStandIn }> {
  const standIn = await startStripeStandIn(options.standIn);
  const t = await start({
    env: {
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
      ...(options.connect && { STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET }),
      ...options.env,
    },
  });
  return { t, standIn };
}

/** A Stripe event's body as Stripe sends it, with a new event id: built on Stripe's published examples (fixtures3.json). */
export function stripeEvent(type: string, object: Record<string, unknown>): { id: string; payload: string } {
  const id = `evt_test_${process.pid}_${++events}`;
  return { id, payload: JSON.stringify(eventFromFixtures(id, type, object)) };
}

/** Delivers an event to `POST /svc/payment/webhook`, signed now by the app clock (with `secret`); answers whether it was applied. */
export async function deliver(
  t: TestApp,
  payload: string,
  secret = WEBHOOK_SECRET,
): Promise<{ status: number; applied?: boolean }> {
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret,
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
