import type { OrderEvent, OrderFacts, OrderState } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { orders } from '../../db/schema/index';
import {
  type Actor,
  type BoundProcess,
  type Effect,
  type TimerTaking,
  type Transition,
  transition,
} from '../../process/transition';
import { postOrderReleased } from '../ledger/order-postings';

export type OrderRow = typeof orders.$inferSelect;
export type OrderRunner = BoundProcess<OrderState, OrderEvent, 'shipped' | 'pickup', OrderFacts, typeof orders>;

/** How the platform takes an order's timers (the ship-by deadline, the receipt window): ADR 0014. */
export const orderTimerTaking: TimerTaking<OrderState, OrderEvent, OrderFacts, typeof orders> = {
  facts: (_tx, order) => orderFacts(order),
  set: (_order, _event, _started, now) => ({ updatedAt: now }),
};

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
