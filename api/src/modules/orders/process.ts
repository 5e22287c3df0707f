import {
  type OrderEvent,
  type OrderFacts,
  type OrderState,
  orderProcess,
  orderRefusalMessage,
} from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { orders } from '../../db/schema/index';
import type { Jobs } from '../../jobs/runner';
import { type Actor, type BoundProcess, bindProcess, type Transition, transition } from '../../process/transition';

export type OrderRow = typeof orders.$inferSelect;
export type OrderRunner = BoundProcess<OrderState, OrderEvent, 'shipped' | 'pickup', OrderFacts, typeof orders>;

/** The one-shot job of an order's ship-by timer (auto-cancel.ts). */
export const ORDER_AUTO_CANCEL_JOB = 'orders.auto-cancel';

/** The order process bound to `orders`: placing an order queues its ship-by timer in the same transaction. */
export function orderRunnerWith(jobs: Jobs): OrderRunner {
  return bindProcess(orderProcess, orders, {
    message: orderRefusalMessage,
    effects: [
      async (tx, done) => {
        for (const timer of done.timers) {
          await jobs.enqueue(
            tx,
            ORDER_AUTO_CANCEL_JOB,
            { orderId: done.subjectId },
            { at: timer.at, key: `order:${done.subjectId}` },
          );
        }
      },
    ],
  });
}

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
