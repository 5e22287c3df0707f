import { type OrderEvent, type OrderState, orderMessages, orderPagePath } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { orders } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import type { Jobs } from '../../jobs/runner';
import type { Actor, Effect } from '../../process/transition';
import { postOrderRefunded } from '../ledger/order-postings';
import { oweCardRefund } from '../payments/card-refunds/owe';
import { sendCardRefundsNow } from '../payments/card-refunds/send';
import type { PaymentProvider } from '../payments/provider';
import { orderFor } from './access';
import { releaseCancelledOrdersListing } from './cancelled-listing';
import { type OrderRow, type OrderRunner, takeOrderEvent } from './process';
import { queueSettlement, settleNow } from './settle';

/**
 * What cancelling an order before it was shipped or handed over does beside its state, in the
 * same transaction: the listing back from sold (Deactivated, or on sale again after the ship-by
 * timer), the ledger's reversal and the refund's settlement queued; the buyer is told (and the
 * seller too when the platform cancelled).
 */
async function undoUnshippedSale(
  tx: Db,
  jobs: Jobs,
  order: OrderRow,
  event: 'cancel' | 'autoCancel',
  now: Date,
): Promise<void> {
  await releaseCancelledOrdersListing(tx, order, now, event === 'autoCancel' ? 'orderLapsed' : 'orderCancelled');
  const posted = await postOrderRefunded(tx, order, now);
  await queueSettlement(jobs, tx, order.id);
  const words = event === 'cancel' ? orderMessages.sellerCancelled : orderMessages.autoCancelled;
  // The buyer is told they are refunded once their card has it (issue 34), not before; the seller
  // of an order the platform cancelled is told by the table (autoCancel's notices).
  const buyerNotice = { text: words, link: orderPagePath(order.refnum) };
  await oweCardRefund(tx, jobs, { order, posted, reason: 'order cancelled', buyerNotice }, now);
}

/** The seller's (or an admin's) cancel of an order the caller has locked: the state, then the sale undone. */
async function cancelLocked(
  tx: Db,
  deps: { jobs: Jobs; orderRunner: OrderRunner },
  order: OrderRow,
  actor: Actor,
  now: Date,
): Promise<void> {
  await takeOrderEvent(tx, deps.orderRunner, order, 'cancel', actor, now);
  await undoUnshippedSale(tx, deps.jobs, order, 'cancel', now);
}

export interface CancelDeps {
  db: Db;
  jobs: Jobs;
  payments: PaymentProvider;
  orderRunner: OrderRunner;
  log: {
    warn(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** The seller (or an admin) cancels before shipping: a full refund. The table refuses the buyer (403, spec section 4). */
export function cancelOrderWith(deps: CancelDeps) {
  return async (caller: Caller, orderId: string, now: Date): Promise<number> => {
    const id = await deps.db.transaction(async (tx) => {
      const { order, party } = await orderFor(tx, caller, orderId, 'edit', true);
      await cancelLocked(tx, deps, order, { userId: caller.userId, role: party }, now);
      return order.id;
    });
    await settleNow(deps.db, deps.payments, id, deps.log);
    await sendCardRefundsNow(deps.db, deps.payments, id, now, deps.log);
    return id;
  };
}

/**
 * The named effect `refundUnshippedOrder` of the ship-by timer (`autoCancel`, order-process.ts):
 * an order neither shipped nor handed over three business days on is refunded, the listing
 * released, both parties told. The order's timer job takes the event only while the table allows it.
 */
export function refundUnshippedOrder(jobs: Jobs): Effect<OrderState, OrderEvent> {
  return async (tx, done) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, done.subjectId));
    if (order) await undoUnshippedSale(tx, jobs, order, 'autoCancel', done.at);
  };
}
