import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../../clock/clock';
import type { Db } from '../../../db/connect';
import { cardRefunds, orders } from '../../../db/schema/index';
import type { Jobs } from '../../../jobs/runner';
import type { PaymentEventRegistry } from '../webhook-registry';
import { cardRefundOfProviderRefund, recordCardRefundOutcome } from './outcome';
import { type CardRefundTry, SEND_CARD_REFUND_JOB } from './owe';
import { retryCardRefund } from './send';

/**
 * Stripe's later word on a refund (`refund.updated`, `refund.failed`, `charge.refund.updated`): a
 * refund held for want of balance is made once the balance covers it, or fails. The refund is
 * re-read from the provider (the event's body may be stale) and recorded on the card refund whose
 * current try it is. A refund of anyone else's (the dashboard's) that Stripe made, told by
 * `refund.updated` or `charge.refunded` (whose counting is the orders capability's), may be the
 * money a card refund of ours waits for: those are sent again (`sendAgainAfterStripeRefund`).
 */
export function onCardRefundEvents(registry: PaymentEventRegistry, clock: Clock, jobs: Jobs): void {
  registry.onPaymentEvent('refund.updated', async ({ tx, event, provider }) => {
    const row = await cardRefundOfProviderRefund(tx, event.objectId);
    const refund = await provider.retrieveRefund(event.objectId);
    if (row) {
      await recordCardRefundOutcome(tx, { cardRefundId: row.id, attempt: row.attempts }, refund, clock.now());
      return;
    }
    if (refund.status === 'succeeded' && refund.intentId) {
      await sendAgainAfterStripeRefund(tx, jobs, refund.intentId, clock.now());
    }
  });
  registry.onPaymentEvent('charge.refunded', async ({ tx, event }) => {
    await sendAgainAfterStripeRefund(tx, jobs, event.objectId, clock.now());
  });
}

/**
 * Stripe made a refund of this payment that is not a card refund of ours (its dashboard's): a
 * card refund of ours still owed is sent again. One waiting on that refund (`sending`, or whose
 * tries ran out meanwhile) gets its try queued once more; a failed one (held, then failed) a new
 * try, as the console's Retry gives it. Sending finds what Stripe made and counts it
 * (`recordMadeAtStripe` in send.ts), so the dashboard's money is not given twice, and only what
 * it did not cover is refunded.
 */
async function sendAgainAfterStripeRefund(tx: Db, jobs: Jobs, intentId: string, now: Date): Promise<void> {
  const owed = await tx
    .select({ id: cardRefunds.id, attempts: cardRefunds.attempts, status: cardRefunds.status })
    .from(cardRefunds)
    .innerJoin(orders, eq(orders.id, cardRefunds.orderId))
    .where(and(eq(orders.paymentIntentId, intentId), inArray(cardRefunds.status, ['sending', 'failed'])));
  for (const row of owed) {
    if (row.status === 'failed') await retryCardRefund(tx, jobs, row.id, now);
    else
      await jobs.enqueue(tx, SEND_CARD_REFUND_JOB, {
        cardRefundId: row.id,
        attempt: row.attempts,
      } satisfies CardRefundTry);
  }
}
