import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../../clock/clock';
import { cardRefunds, orders } from '../../../db/schema/index';
import type { Jobs } from '../../../jobs/runner';
import type { PaymentEventRegistry } from '../webhook-registry';
import { cardRefundOfProviderRefund, recordCardRefundOutcome } from './outcome';
import { type CardRefundTry, SEND_CARD_REFUND_JOB } from './owe';

/**
 * Stripe's later word on a refund (`refund.updated`, `refund.failed`, `charge.refund.updated`): a
 * refund held for want of balance is made once the balance covers it, or fails. The refund is
 * re-read from the provider (the event's body may be stale) and recorded on the card refund whose
 * current try it is; a refund of anyone else's (the dashboard's) is left to `charge.refunded`.
 */
export function onCardRefundEvents(registry: PaymentEventRegistry, clock: Clock, jobs: Jobs): void {
  registry.onPaymentEvent('refund.updated', async ({ tx, event, provider }) => {
    const row = await cardRefundOfProviderRefund(tx, event.objectId);
    const refund = await provider.retrieveRefund(event.objectId);
    if (row) {
      await recordCardRefundOutcome(tx, { cardRefundId: row.id, attempt: row.attempts }, refund, clock.now());
      return;
    }
    // Another refund of the payment (the dashboard's) that Stripe held and has now made: a card
    // refund of ours waiting on it (or whose tries ran out meanwhile) is sent again, and finds
    // what Stripe made to count (send.ts).
    if (refund.status !== 'succeeded' || !refund.intentId) return;
    const waiting = await tx
      .select({ id: cardRefunds.id, attempts: cardRefunds.attempts })
      .from(cardRefunds)
      .innerJoin(orders, eq(orders.id, cardRefunds.orderId))
      .where(and(eq(orders.paymentIntentId, refund.intentId), eq(cardRefunds.status, 'sending')));
    for (const { id, attempts } of waiting) {
      await jobs.enqueue(tx, SEND_CARD_REFUND_JOB, { cardRefundId: id, attempt: attempts } satisfies CardRefundTry);
    }
  });
}
