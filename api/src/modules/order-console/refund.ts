import {
  consoleRefundEvent,
  orderMessages,
  orderPagePath,
  payoutMessages,
  type ReturnState,
  refundedByYardly,
} from '@yardly/shared/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { orderRefunds, orders, payoutAccounts, returns } from '../../db/schema/index';
import { AppError } from '../../errors';
import { defineJob } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import { sellerAccount } from '../ledger/accounts';
import { balanceOf } from '../ledger/ledger';
import { cardCents, heldShareCents, type PostedRefund, postOrderRefunded } from '../ledger/order-postings';
import { postShippedOrderRefunded } from '../ledger/return-postings';
import { releaseCancelledOrdersListing } from '../orders/cancelled-listing';
import { type OrderRow, type OrderRunner, takeOrderEvent } from '../orders/process';
import { queueSettlement } from '../orders/settle';
import { oweCardRefund } from '../payments/card-refunds/owe';
import type { PaymentProvider } from '../payments/provider';
import { type ReturnRunner, takeReturnEvent } from '../returns/process';

export const CONSOLE_REFUND_JOB = 'order-console.refund';

/** A return still waiting for the seller, the carrier or a decision: the console's refund closes it. */
const OPEN_RETURN_STATES = ['requested', 'accepted', 'disputed'] as const satisfies readonly ReturnState[];

export interface RefundDeps {
  jobs: Jobs;
  orderRunner: OrderRunner;
  returnRunner: ReturnRunner;
}

/** Whether the console's Refund applies to an order now: the order table allows an admin its event. */
export function isRefundable(order: Pick<OrderRow, 'state' | 'deliveryMethod'>): boolean {
  return consoleRefundEvent(order.state, { pickup: order.deliveryMethod === 'pickup' }) !== undefined;
}

/**
 * An admin refunds an order in full, in the console's audited transaction, as the order table
 * allows an admin (`consoleRefundEvent`): before shipping the order is cancelled as a seller's
 * cancel would (its listing Deactivated); delivered, or while its return is open, it is marked
 * returned and the seller's share leaves their available money (refused once it was paid out) or
 * their pending money, the open return closed. The provider's refund is queued with the change;
 * both parties are told; the reason is kept with the order.
 */
export async function refundOrder(
  tx: Db,
  deps: RefundDeps,
  input: { refnum: string; reason: string; actorId: number },
  now: Date,
): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.refnum, input.refnum)).for('update');
  if (!order) throw new AppError(404, orderMessages.notFound, { reason: 'order_not_found' });
  const admin = { userId: input.actorId, role: 'admin' as const };
  let posted: PostedRefund;
  const event = consoleRefundEvent(order.state, { pickup: order.deliveryMethod === 'pickup' });
  if (event === 'cancel') {
    await takeOrderEvent(tx, deps.orderRunner, order, 'cancel', admin, now);
    await releaseCancelledOrdersListing(tx, order, now);
    posted = await postOrderRefunded(tx, order, now);
    await queueSettlement(deps.jobs, tx, order.id);
  } else if (event === 'markReturned') {
    // Delivered, the share was released to the seller's available money; while a return is open it is still pending.
    const held = order.state === 'delivered' ? 'available' : 'pending';
    if (held === 'available') {
      // The payout run locks this row before it pays: the share cannot leave while it is checked here.
      await tx.select().from(payoutAccounts).where(eq(payoutAccounts.userId, order.sellerId)).for('update');
      if ((await balanceOf(tx, sellerAccount(order.sellerId, 'available'))) < (await heldShareCents(tx, order))) {
        throw new AppError(409, payoutMessages.alreadyPaidOut, { reason: 'already_paid_out' });
      }
    }
    await takeOrderEvent(tx, deps.orderRunner, order, 'markReturned', admin, now);
    const [open] = await tx
      .select()
      .from(returns)
      .where(and(eq(returns.orderId, order.id), inArray(returns.state, [...OPEN_RETURN_STATES])))
      .for('update');
    if (open) await takeReturnEvent(tx, deps.returnRunner, open, 'closeByRefund', admin, now);
    posted = await postShippedOrderRefunded(tx, order, held, now);
  } else {
    throw new AppError(409, payoutMessages.notRefundable, { reason: 'not_refundable' });
  }
  await tx.insert(orderRefunds).values({
    orderId: order.id,
    amountCents: order.totalCents,
    reason: input.reason,
    actorId: input.actorId,
    at: now,
  });
  // The seller is told by the table (the admin's cancel or markReturned); the buyer once their
  // card has the refund (issue 34): a refund Stripe holds or fails is not one yet.
  const buyerNotice = { text: refundedByYardly(order.refnum), link: orderPagePath(order.refnum) };
  await oweCardRefund(tx, deps.jobs, { order, posted, reason: input.reason, buyerNotice }, now);
}

/**
 * Gives a returned order's captured payment back through the provider (idempotent: the order's
 * key); an order paid wholly by rewards has none (its rewards went back in the ledger). Only jobs
 * queued before card refunds (ADR 0066) remain: a console refund now owes a card refund.
 */
export function consoleRefundJob(payments: PaymentProvider) {
  return defineJob<{ orderId: number; reason: string }>({
    name: CONSOLE_REFUND_JOB,
    maxAttempts: 20,
    async run({ orderId, reason }, { db }) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order || cardCents(order) === 0) return;
      await payments.refund({ intentId: order.paymentIntentId, idempotencyKey: `refund:${order.refnum}`, reason });
    },
  });
}
