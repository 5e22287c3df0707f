import { orderMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { orders } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { defineJob } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import { type Actor, SYSTEM } from '../../process/transition';
import { postOrderRefunded } from '../ledger/order-postings';
import { notify } from '../notifications/notify';
import type { PaymentProvider } from '../payments/provider';
import { orderFor } from './access';
import { releaseCancelledOrdersListing } from './cancelled-listing';
import { orderPagePath } from './dashboards';
import { ORDER_AUTO_CANCEL_JOB, type OrderRow, type OrderRunner, takeOrderEvent } from './process';
import { queueSettlement, settleNow } from './settle';

/**
 * Cancels an order the caller has locked, before it was shipped or handed over: the state, the
 * listing back from sold (Deactivated, or on sale again after the ship-by timer), the ledger's reversal and the refund's settlement in one
 * transaction; the buyer is told.
 */
async function cancelLocked(
  tx: Db,
  deps: { jobs: Jobs; orderRunner: OrderRunner },
  order: OrderRow,
  event: 'cancel' | 'autoCancel',
  actor: Actor,
  now: Date,
): Promise<void> {
  await takeOrderEvent(tx, deps.orderRunner, order, event, actor, now);
  await releaseCancelledOrdersListing(tx, order, now, event === 'autoCancel' ? 'orderLapsed' : 'orderCancelled');
  await postOrderRefunded(tx, order, now);
  await queueSettlement(deps.jobs, tx, order.id);
  const words = event === 'cancel' ? orderMessages.sellerCancelled : orderMessages.autoCancelled;
  await notify(tx, [order.buyerId], words, orderPagePath(order.refnum));
  if (event === 'autoCancel') await notify(tx, [order.sellerId], words, orderPagePath(order.refnum));
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
      await cancelLocked(tx, deps, order, 'cancel', { userId: caller.userId, role: party }, now);
      return order.id;
    });
    await settleNow(deps.db, deps.payments, id, deps.log);
    return id;
  };
}

/** The ship-by timer: an order still not shipped or handed over three business days on is cancelled and refunded. */
export function autoCancelJob(deps: Omit<CancelDeps, 'db' | 'log'>) {
  return defineJob<{ orderId: number }>({
    name: ORDER_AUTO_CANCEL_JOB,
    async run({ orderId }, { db, now, log }) {
      const cancelled = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!order || (order.state !== 'paid' && order.state !== 'awaiting_pickup')) return false;
        if (order.shipBy.getTime() > now.getTime()) return false;
        await cancelLocked(tx, deps, order, 'autoCancel', SYSTEM, now);
        return true;
      });
      if (cancelled) await settleNow(db, deps.payments, orderId, log);
    },
  });
}
