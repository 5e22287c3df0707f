import { PENDING_REFUND_CHECK_EVERY_MINUTES } from '@yardly/shared/rules';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import { addMs } from '../../../clock/clock';
import { cardRefunds } from '../../../db/schema/index';
import { defineJob } from '../../../jobs/job';
import type { PaymentProvider } from '../provider';
import { recordCardRefundOutcome } from './outcome';

export const RECHECK_PENDING_REFUNDS_JOB = 'card-refunds.recheck';

/** The most refunds one run re-reads: the oldest first, so none waits behind newer ones for long. */
const PER_RUN = 100;

/**
 * Stripe's refund events are the fast path for a refund it held (`pending`); this is the safety
 * net when one never arrives (a webhook endpoint down past Stripe's retries, `refund.updated` not
 * subscribed): every hour each refund pending for longer than that is read again from the provider
 * and its status recorded as the event would have. Recording is once-only, so an event and this
 * check arriving together make the refund once.
 */
export function recheckPendingRefundsJob(payments: PaymentProvider) {
  return defineJob<null>({
    name: RECHECK_PENDING_REFUNDS_JOB,
    schedule: { everyMinutes: PENDING_REFUND_CHECK_EVERY_MINUTES },
    async run(_payload, { db, now, log }) {
      const waitedSince = addMs(now, -PENDING_REFUND_CHECK_EVERY_MINUTES * 60_000);
      const pending = await db
        .select({ id: cardRefunds.id, attempts: cardRefunds.attempts, refundId: cardRefunds.providerRefundId })
        .from(cardRefunds)
        .where(
          and(
            eq(cardRefunds.status, 'pending'),
            isNotNull(cardRefunds.providerRefundId),
            lt(cardRefunds.updatedAt, waitedSince),
          ),
        )
        .orderBy(asc(cardRefunds.updatedAt), asc(cardRefunds.id))
        .limit(PER_RUN);
      let moved = 0;
      for (const row of pending) {
        const refund = await payments.retrieveRefund(String(row.refundId));
        if (refund.status === 'pending') continue;
        await recordCardRefundOutcome(db, { cardRefundId: row.id, attempt: row.attempts }, refund, now);
        moved += 1;
      }
      if (moved) log.info({ refunds: moved }, 'pending card refunds re-read: their status moved');
    },
  });
}
