import type Stripe from 'stripe';
import { z } from 'zod';
import { InvalidWebhookError, MalformedWebhookError, type ProviderEvent } from '../provider';

const APPLIED_TYPES = new Set<ProviderEvent['type']>([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  'refund.updated',
  'payout.paid',
  'payout.failed',
  // A seller's connected account: its verification moved on (sent to the Connect endpoint).
  'account.updated',
]);

/** Stripe's events of a refund moving on, whichever the endpoint subscribes to: the api reads them as one. */
const REFUND_EVENTS = new Set(['refund.updated', 'refund.failed', 'charge.refund.updated']);

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
  // Stripe's own check only refuses old signatures: one dated ahead of our clock is refused too.
  const signedAt = signatureTime(signatureHeader);
  if (signedAt !== null && signedAt > now.getTime() / 1000 + TOLERANCE_SECONDS) {
    throw new InvalidWebhookError('The webhook signature is dated in the future');
  }
  let refusal = 'The webhook signature does not match';
  for (const secret of [webhookSecret, connectWebhookSecret]) {
    if (!secret) continue;
    let event: unknown;
    try {
      event = stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        secret,
        TOLERANCE_SECONDS,
        undefined,
        now.getTime(),
      );
    } catch (error) {
      if (error instanceof Error) refusal = error.message;
      continue;
    }
    return toProviderEvent(event);
  }
  throw new InvalidWebhookError(refusal);
}

/** The `t=` of a Stripe-Signature header (seconds), as Stripe's signer writes it; null when absent. */
function signatureTime(header: string): number | null {
  for (const part of header.split(',')) {
    const [key, value] = part.split('=');
    if (key?.trim() === 't') {
      const seconds = Number(value);
      return Number.isFinite(seconds) ? seconds : null;
    }
  }
  return null;
}

/** An id as Stripe writes them: printable ASCII (PostgreSQL text takes no NUL, and logs stay readable). */
const stripeId = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);
const words = z.string().max(5000).nullish();

/**
 * What the api reads of an event, checked: a signed body is still Stripe's JSON only if Stripe
 * wrote it well; anything else (a test tool, a bug) is refused 400, never a 500.
 */
const eventShape = z.object({
  id: stripeId,
  type: z.string().min(1).max(255),
  account: stripeId.optional(),
  data: z.object({
    object: z.looseObject({
      id: stripeId.optional(),
      object: z.string().max(255).optional(),
      payment_intent: z.union([stripeId, z.looseObject({ id: stripeId }), z.null()]).optional(),
      failure_message: words,
      failure_code: words,
      last_payment_error: z.looseObject({ message: words }).nullish(),
    }),
  }),
});

function toProviderEvent(body: unknown): ProviderEvent {
  const parsed = eventShape.safeParse(body);
  if (!parsed.success) throw new MalformedWebhookError('The webhook event is not shaped as a Stripe event');
  const event = parsed.data;
  const named = REFUND_EVENTS.has(event.type) ? 'refund.updated' : event.type;
  const type = APPLIED_TYPES.has(named as ProviderEvent['type']) ? (named as ProviderEvent['type']) : 'other';
  const object = event.data.object;
  // A refund arrives on the charge: what the api acts on is the charge's intent.
  const intent = object.object === 'charge' ? object.payment_intent : undefined;
  const objectId = (typeof intent === 'string' ? intent : intent?.id) ?? object.id ?? '';
  // An event the api acts on names what it is about; one it only records may name nothing.
  if (type !== 'other' && !objectId) throw new MalformedWebhookError(`A ${type} event names no object`);
  const failure =
    type === 'payout.failed'
      ? (object.failure_message ?? object.failure_code ?? undefined)
      : type === 'payment_intent.payment_failed'
        ? (object.last_payment_error?.message ?? undefined)
        : undefined;
  return {
    id: event.id,
    type,
    objectId,
    ...(failure && { failure }),
    ...(event.account && { account: event.account }),
  };
}
