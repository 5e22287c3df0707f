import type Stripe from 'stripe';
import { InvalidWebhookError, type ProviderEvent } from '../provider';

const APPLIED_TYPES = new Set<ProviderEvent['type']>([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'payout.paid',
  'payout.failed',
  // A seller's connected account: its verification moved on (sent to the Connect endpoint).
  'account.updated',
]);

/** Stripe tolerates five minutes between signing and receipt; so do we (a replayed old body is refused). */
const TOLERANCE_SECONDS = 300;

/**
 * Checks the `Stripe-Signature` header over the raw body with the endpoint's secret (or the
 * Connect endpoint's, for the connected accounts' events), at the app clock's time, and reads the
 * event. Any doubt is an `InvalidWebhookError` (answered 400).
 */
export function readStripeWebhook(
  stripe: Stripe,
  webhookSecret: string | undefined,
  now: Date,
  rawBody: Buffer,
  signatureHeader: string | undefined,
  connectWebhookSecret?: string,
): ProviderEvent {
  if (!webhookSecret) throw new InvalidWebhookError('STRIPE_WEBHOOK_SECRET is not set');
  if (!signatureHeader) throw new InvalidWebhookError('The Stripe-Signature header is missing');
  let refusal = 'The webhook signature does not match';
  for (const secret of [webhookSecret, connectWebhookSecret]) {
    if (!secret) continue;
    try {
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        secret,
        TOLERANCE_SECONDS,
        undefined,
        now.getTime(),
      );
      return toProviderEvent(event);
    } catch (error) {
      if (error instanceof Error) refusal = error.message;
    }
  }
  throw new InvalidWebhookError(refusal);
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const type = APPLIED_TYPES.has(event.type as ProviderEvent['type']) ? (event.type as ProviderEvent['type']) : 'other';
  const object = event.data.object as {
    id?: string;
    object?: string;
    payment_intent?: string | { id: string } | null;
    failure_message?: string | null;
    failure_code?: string | null;
  };
  // A refund arrives on the charge: what the api acts on is the charge's intent.
  const intent = object.object === 'charge' ? object.payment_intent : undefined;
  const objectId = (typeof intent === 'string' ? intent : intent?.id) ?? object.id ?? '';
  const failure = type === 'payout.failed' ? (object.failure_message ?? object.failure_code ?? undefined) : undefined;
  return { id: event.id, type, objectId, ...(failure && { failure }) };
}
