import Stripe from 'stripe';
import { createPI, placeOrder, savedAddress } from './checkout-helpers';
import { json, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { publishedListing } from './selling-helpers';
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

/** A $42.00 shipped order of `sellerToken`'s, bought by a new buyer whose card the stand-in authorised, and placed. */
export async function placedAtStandIn(t: TestApp, standIn: StripeStandIn, sellerToken: string) {
  const buyer = await signedUp(t, freshEmail('buyer'));
  const listing = await publishedListing(t, sellerToken, { listingPrice: 4200 });
  const addressId = await savedAddress(t, buyer.token);
  const pi = await createPI(t, buyer.token, { listingRefnum: listing, deliveryMethod: 'ship', addressId });
  const intentId = pi.body.data.paymentIntentId;
  if ((await standIn.confirm(intentId, 'pm_card_visa')).status !== 200) throw new Error('the card was not authorised');
  if ((await placeOrder(t, buyer.token, intentId)).status !== 200) throw new Error('the order was not placed');
  return { buyer, intentId, listing };
}

/** A $25.00 intent made straight at the stand-in (no checkout of ours names it) and authorised there: its id. */
export async function intentMadeAtStandIn(standIn: StripeStandIn): Promise<string> {
  const res = await fetch(`${standIn.url}/v1/payment_intents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${standIn.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'amount=2500&currency=usd&capture_method=manual',
  });
  const { id } = (await res.json()) as { id: string };
  await standIn.confirm(id, 'pm_card_visa');
  return id;
}
