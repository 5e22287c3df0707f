import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { cardRefunds, orders } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { defineJob, type JobLog, PermanentJobError } from '../../../jobs/job';
import type { Jobs } from '../../../jobs/runner';
import type { PaymentProvider } from '../provider';
import { type CardRefundRow, recordCardRefundOutcome, recordMadeAtStripe } from './outcome';
import { type CardRefundTry, cardRefundKey, SEND_CARD_REFUND_JOB } from './owe';

/** The provider's refusals of a refund: the same key would be refused the same, so only an admin's retry can help. */
const REFUSED = ['refund_refused', 'already_refunded', 'payment_state'];

/**
 * Sends one try of a card refund. An order whose card was never captured has nothing to refund:
 * its authorisation is released (a refund is `released`). Otherwise the provider refunds the owed
 * amount under the try's key and its answer is recorded (succeeded, pending, or failed). A refusal
 * is recorded as failed and the job dies with it (the console's jobs list shows it), so nobody
 * retries it blindly; an outage is thrown for the job to retry later.
 */
export async function sendCardRefund(
  db: Db,
  payments: PaymentProvider,
  which: CardRefundTry,
  now: Date,
): Promise<void> {
  const [row] = await db.select().from(cardRefunds).where(eq(cardRefunds.id, which.cardRefundId));
  if (!row || row.attempts !== which.attempt) return;
  // Refused when it was sent at once (sendCardRefundsNow): the queued job dies with the refusal, so the console shows it.
  if (row.status === 'failed' && !row.providerRefundId) {
    throw new PermanentJobError(`the payment provider refused card refund ${row.id}: ${row.failure}`);
  }
  if (row.status !== 'sending') return;
  const [order] = await db
    .select({ refnum: orders.refnum, intentId: orders.paymentIntentId })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  if (!order) throw new PermanentJobError(`card refund ${row.id} names no order`);
  const intent = await payments.retrieveIntent(order.intentId);
  if (intent.status !== 'succeeded') {
    if (intent.status === 'requires_capture') await payments.cancel(intent.id, `cancel:${order.refnum}`);
    await recordCardRefundOutcome(db, which, { status: 'released' }, now);
    return;
  }
  const refund = await payments
    .refund({
      intentId: order.intentId,
      amountCents: row.amountCents,
      idempotencyKey: cardRefundKey(row, which.attempt),
      reason: row.reason,
    })
    .catch((error: unknown) => {
      if (error instanceof AppError && REFUSED.includes(error.reason ?? '')) return { refused: error.message };
      throw error;
    });
  if ('refused' in refund) {
    // Stripe refunded part or all of it already (its dashboard, the event not applied when the
    // ledger decided): that part is made; the rest, if any, is sent as a new try.
    const left = Math.max(0, intent.amountCents - (await payments.refundedCents(intent.id)));
    if (left < row.amountCents) {
      const rest = await recordMadeAtStripe(db, which, row.amountCents - left, now);
      if (rest) await sendCardRefund(db, payments, rest, now);
      return;
    }
    // Stripe holds a refund of this payment it has not made (the dashboard's, for want of
    // balance), which it counts against what may be refunded: whether it is made or fails decides
    // what is left to send, so this try waits for it (the job is tried again later).
    if ((await payments.heldRefundCents(intent.id)) > 0) {
      throw new Error(`card refund ${row.id} waits for a refund Stripe holds on the same payment`);
    }
    await recordCardRefundOutcome(db, which, { id: '', status: 'failed', failure: refund.refused }, now);
    throw new PermanentJobError(`the payment provider refused card refund ${row.id}: ${refund.refused}`);
  }
  await recordCardRefundOutcome(db, which, refund, now);
}

/**
 * Sends an order's card refunds now, after the commit that owed them (the seller's cancel): the
 * buyer's money goes back at once when the provider can; a failure is logged and left to the
 * queued job, never the caller's error.
 */
export async function sendCardRefundsNow(
  db: Db,
  payments: PaymentProvider,
  orderId: number,
  now: Date,
  log: JobLog,
): Promise<void> {
  const rows = await db
    .select({ id: cardRefunds.id, attempts: cardRefunds.attempts })
    .from(cardRefunds)
    .where(and(eq(cardRefunds.orderId, orderId), eq(cardRefunds.status, 'sending')));
  for (const row of rows) {
    try {
      await sendCardRefund(db, payments, { cardRefundId: row.id, attempt: row.attempts }, now);
    } catch (error) {
      log.warn({ err: error, cardRefundId: row.id }, 'card refund not sent now: the queued job tries it');
    }
  }
}

export function sendCardRefundJob(payments: PaymentProvider) {
  return defineJob<CardRefundTry>({
    name: SEND_CARD_REFUND_JOB,
    maxAttempts: 20,
    // Up to six hours apart: a try waiting for a refund Stripe holds may wait days for the balance.
    backoff: { firstMinutes: 1, maxMinutes: 6 * 60 },
    run: (payload, { db, now }) => sendCardRefund(db, payments, payload, now),
  });
}

/**
 * An admin sends a failed card refund again (the console's retry), in the caller's transaction
 * with the row locked: a new try with its own key, so it is made once however often the job
 * runs; only a failed refund can be retried (a second press meets 409).
 */
export async function retryCardRefund(tx: Db, jobs: Jobs, id: number, now: Date): Promise<CardRefundRow> {
  const [row] = await tx.select().from(cardRefunds).where(eq(cardRefunds.id, id)).for('update');
  if (!row) throw AppError.notFound('There is no such record in card-refunds');
  if (row.status !== 'failed') {
    throw new AppError(409, 'Only a failed card refund can be sent again', { reason: 'not_failed' });
  }
  const attempt = row.attempts + 1;
  const [updated] = await tx
    .update(cardRefunds)
    // The new try has no provider refund yet: a late event about the last one must not reach it.
    .set({ status: 'sending', attempts: attempt, providerRefundId: null, failure: null, updatedAt: now })
    .where(eq(cardRefunds.id, row.id))
    .returning();
  await jobs.enqueue(tx, SEND_CARD_REFUND_JOB, { cardRefundId: row.id, attempt } satisfies CardRefundTry);
  return updated ?? row;
}
