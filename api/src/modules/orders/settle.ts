import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { cardRefunds, orders } from '../../db/schema/index';
import { defineJob, type JobLog } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import { cardCents } from '../ledger/order-postings';
import type { PaymentProvider } from '../payments/provider';

export const SETTLE_PAYMENT_JOB = 'orders.settle-payment';

/**
 * Brings the provider in line with an order (issue 18: capture only for the order that
 * committed): a live order's authorisation is captured; a cancelled order's is released, or its
 * captured money refunded in full. Idempotent (the provider's keys are the order's), so it runs
 * at once after the transaction commits and again from the job queued in it, which retries
 * while the provider cannot be reached. An order paid wholly by rewards has nothing at the
 * provider: its rewards moved in the ledger with the order's own changes.
 */
export async function settlePayment(db: Db, payments: PaymentProvider, orderId: number): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || cardCents(order) === 0) return;
  const intent = await payments.retrieveIntent(order.paymentIntentId);
  if (order.state === 'cancelled') {
    if (intent.status === 'requires_capture') await payments.cancel(intent.id, `cancel:${order.refnum}`);
    // A cancel since card refunds (ADR 0066) owes one, sent by payments/card-refunds; only an older one is refunded here.
    if (intent.status === 'succeeded' && !(await owesCardRefund(db, order.id))) {
      await payments.refund({
        intentId: intent.id,
        idempotencyKey: `refund:${order.refnum}`,
        reason: 'order cancelled',
      });
    }
  } else if (intent.status === 'requires_capture') {
    await payments.capture(intent.id, `capture:${order.refnum}`);
  }
}

async function owesCardRefund(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: cardRefunds.id }).from(cardRefunds).where(eq(cardRefunds.orderId, orderId));
  return row !== undefined;
}

/** Queues the settlement in the caller's transaction (it commits with the order's change). */
export function queueSettlement(jobs: Jobs, tx: Db, orderId: number): Promise<boolean> {
  return jobs.enqueue(tx, SETTLE_PAYMENT_JOB, { orderId });
}

/** Settles now, after the commit; a failure is left to the queued job (logged, never the buyer's error). */
export async function settleNow(db: Db, payments: PaymentProvider, orderId: number, log: JobLog): Promise<void> {
  try {
    await settlePayment(db, payments, orderId);
  } catch (error) {
    log.warn({ err: error, orderId }, 'payment settlement failed: the queued job retries it');
  }
}

export function settlePaymentJob(payments: PaymentProvider) {
  return defineJob<{ orderId: number }>({
    name: SETTLE_PAYMENT_JOB,
    maxAttempts: 20,
    run: ({ orderId }, { db }) => settlePayment(db, payments, orderId),
  });
}
