// What Stripe does on its side during a history of money (issue 34 item 10), when the api pays
// through the Stripe stand-in: the buyer's browser confirming an intent (Stripe.js), refunds made
// in Stripe's dashboard, authorisations Stripe lets lapse, the banks' answers to payouts, and the
// webhook events about them, signed as the real route expects (the official package's signer)
// and delivered in any order, some of them twice.
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { eventFromFixtures } from '../test/stripe-openapi/published-api';
import type { StripeStandIn } from '../test/stripe-stand-in';

/**
 * The stand-in the api pays through, the secret its webhook route checks signatures with, and
 * the platform's reserve: money the operator keeps in Yardly's Stripe balance (a top-up) so a
 * refund the platform bears (after the seller's share was transferred) is not refused for want
 * of funds, as a real platform does.
 */
export interface StripeSide {
  standIn: StripeStandIn;
  webhookSecret: string;
  /** What the operator has put in, less what they took out: moves with their top-ups and withdrawals. */
  reserveCents: number;
}

/** $1,000: the reserve a history starts with (its refunds the platform bears stay well below). */
export const PLATFORM_RESERVE = 100_000;

/** The env that points the api's Stripe provider at the stand-in (as the stripe-*.test.ts files set it). */
export function stripeEnv(side: StripeSide): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: side.standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: side.standIn.publishableKey,
    STRIPE_WEBHOOK_SECRET: side.webhookSecret,
    STRIPE_API_BASE: side.standIn.url,
  };
}

type StripeObject = Record<string, unknown>;

interface QueuedEvent {
  type: string;
  payload: string;
}

export interface WebhookTally {
  /** Events Stripe had to send (one per change at Stripe). */
  sent: number;
  /** Deliveries made (replays included), and how many the api said it applied. */
  delivered: number;
  applied: number;
}

const signer = new Stripe('sk_test_signer');

/** A refusal by the stand-in (its StripeError), as the dashboard would show it; anything else is thrown. */
export function stripeRefusal(error: unknown): string {
  const body = (error as { body?: { message?: string } }).body;
  if (typeof body?.message !== 'string') throw error;
  return body.message;
}

/**
 * Stripe's events about one history, waiting to be delivered: each change queues its event; a
 * delivery picks any waiting one (so they arrive out of order) and sometimes keeps it to send
 * again (Stripe retries and duplicates).
 */
export function stripeWebhooks(app: FastifyInstance, side: StripeSide, run: string) {
  const waiting: QueuedEvent[] = [];
  const tally: WebhookTally = { sent: 0, delivered: 0, applied: 0 };

  /** Queues Stripe's event about `object` (on a connected `account` for its payouts), built on Stripe's published examples. */
  function queue(type: string, object: StripeObject, account?: string): void {
    tally.sent += 1;
    const event = eventFromFixtures(`evt_${run}_${tally.sent}`, type, object);
    waiting.push({ type, payload: JSON.stringify(account ? { ...event, account } : event) });
  }

  /** Delivers one event to `POST /svc/payment/webhook`, signed now by the app's clock. */
  async function deliver(event: QueuedEvent): Promise<{ status: number; msg: string }> {
    const header = signer.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: side.webhookSecret,
      timestamp: Math.floor(app.clock.now().getTime() / 1000),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/svc/payment/webhook',
      payload: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
    if (res.statusCode >= 500) throw new Error(`webhook ${event.type} answered ${res.statusCode}: ${res.body}`);
    const body = JSON.parse(res.body) as { data?: { applied?: boolean }; msg?: string };
    tally.delivered += 1;
    if (body.data?.applied) tally.applied += 1;
    return { status: res.statusCode, msg: body.msg ?? '' };
  }

  return {
    tally,
    queue,
    waiting: () => waiting.length,
    /** Delivers a waiting event chosen by `next`; kept to be sent again with probability `replay`. */
    async deliverOne(next: () => number, replay = 0.3): Promise<{ type: string; status: number; msg: string } | null> {
      const index = Math.floor(next() * waiting.length);
      const event = waiting[index];
      if (!event) return null;
      if (next() >= replay) waiting.splice(index, 1);
      const answered = await deliver(event);
      // Refused (its signature dated before another person moved the clock on): Stripe sends it again later.
      if (answered.status !== 200 && !waiting.includes(event)) waiting.push(event);
      return { type: event.type, ...answered };
    },
    /** Delivers every waiting event, in an order chosen by `next`, each again with probability `replay`. */
    async drain(next: () => number, replay = 0.3): Promise<{ type: string; status: number; msg: string }[]> {
      const answers = [];
      // Bounded: an event refused every time (which the refusals then show) cannot hold the history up.
      for (let left = waiting.length * 5; waiting.length > 0 && left > 0; left -= 1) {
        const answered = await this.deliverOne(next, replay);
        if (answered) answers.push(answered);
      }
      return answers;
    },
  };
}

export type StripeWebhooks = ReturnType<typeof stripeWebhooks>;

/**
 * The banks answer every payout still pending at Stripe (Stripe's failing test account fails,
 * others are paid) and Stripe queues `payout.paid` or `payout.failed` for each, as its Connect
 * endpoint gets them (the connected account named). Answers how many were settled.
 */
export function settlePendingPayouts(
  side: StripeSide,
  webhooks: StripeWebhooks,
  next: () => number,
  share = 1,
): number {
  const pending = side.standIn.objects('po').filter((po) => po.status === 'pending' && next() < share);
  for (const po of pending) {
    const settled = side.standIn.settlePayout(String(po.id));
    webhooks.queue(settled.status === 'paid' ? 'payout.paid' : 'payout.failed', { ...settled }, String(po.account));
  }
  return pending.length;
}

/**
 * The operator moves money between the platform's Stripe balance and its bank: out (a
 * withdrawal, which leaves refunds to be held for want of funds, and transfers refused) or in (a
 * top-up, which sends the refunds Stripe held). The reserve follows, so the books still compare.
 */
export function operatorMoves(side: StripeSide, cents: number): void {
  if (cents >= 0) side.standIn.topUp(cents);
  else side.standIn.drain(-cents);
  side.reserveCents += cents;
}

/**
 * Stripe's refund events for what changed at Stripe since the last look: a refund it held and
 * has now sent (`refund.updated`) or given up (`refund.failed`), by a top-up, a capture or on its
 * own. `seen` keeps each refund's status between looks.
 */
export function queueRefundChanges(side: StripeSide, webhooks: StripeWebhooks, seen: Map<string, unknown>): void {
  for (const refund of side.standIn.objects('re')) {
    const id = String(refund.id);
    if (seen.get(id) === 'pending' && refund.status !== 'pending') {
      webhooks.queue(refund.status === 'failed' ? 'refund.failed' : 'refund.updated', { ...refund });
    }
    seen.set(id, refund.status);
  }
}

/** Stripe's charge.refunded about an intent: its charge, with all that is refunded of it so far. */
export function chargeRefunded(side: StripeSide, intentId: string): StripeObject {
  const intent = side.standIn.objects('pi').find((pi) => pi.id === intentId) ?? {};
  const refunded = side.standIn
    .objects('re')
    .filter((re) => re.payment_intent === intentId)
    .reduce((sum, re) => sum + Number(re.amount), 0);
  return {
    id: intent.latest_charge,
    object: 'charge',
    payment_intent: intentId,
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: refunded,
    refunded: refunded === intent.amount_received,
  };
}
