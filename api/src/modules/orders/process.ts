import { type OrderEvent, type OrderFacts, type OrderState, orderProcess } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { orders } from '../../db/schema/index';
import type { Jobs } from '../../jobs/runner';
import { queueTimers } from '../../process/timers';
import { type Actor, type BoundProcess, type Effect, type Transition, transition } from '../../process/transition';
import { postOrderReleased } from '../ledger/order-postings';

export type OrderRow = typeof orders.$inferSelect;
export type OrderRunner = BoundProcess<OrderState, OrderEvent, 'shipped' | 'pickup', OrderFacts, typeof orders>;

/** The one-shot job of an order's ship-by timer (cancel.ts). */
export const ORDER_AUTO_CANCEL_JOB = 'orders.auto-cancel';
/** The one-shot job that confirms an arrived order when its receipt window closes (issue 19). */
export const ORDER_AUTO_CONFIRM_JOB = 'orders.auto-confirm';

/** Each timer of the order process and the job that takes it: the ship-by deadline, the receipt window. */
export function orderTimers(jobs: Jobs): Effect<OrderState, OrderEvent> {
  return queueTimers<OrderState, OrderEvent>(jobs, orderProcess, {
    autoCancel: { job: ORDER_AUTO_CANCEL_JOB, payload: (orderId) => ({ orderId }), key: (id) => `order:${id}` },
    autoConfirm: {
      job: ORDER_AUTO_CONFIRM_JOB,
      payload: (orderId) => ({ orderId }),
      key: (id) => `order-receipt:${id}`,
    },
  });
}

/**
 * The named effect `releaseSellerShare` of every event that completes a sale (order-process.ts):
 * the seller's share moves from pending to available, whoever completed it (issue 35).
 */
export const releaseSellerShare: Effect<OrderState, OrderEvent> = async (tx, done) => {
  const [order] = await tx.select().from(orders).where(eq(orders.id, done.subjectId));
  if (order) await postOrderReleased(tx, order, done.at);
};

export function orderFacts(order: Pick<OrderRow, 'deliveryMethod'>): OrderFacts {
  return { pickup: order.deliveryMethod === 'pickup' };
}

/** Takes `event` on an order its caller has locked. */
export function takeOrderEvent(
  tx: Db,
  runner: OrderRunner,
  order: OrderRow,
  event: OrderEvent,
  actor: Actor,
  now: Date,
): Promise<Transition<OrderState, OrderEvent>> {
  return transition(tx, runner, order, event, actor, {
    facts: orderFacts(order),
    set: () => ({ updatedAt: now }),
    now,
  });
}
