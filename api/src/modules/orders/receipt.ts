import { RECEIPT_WINDOW_BUSINESS_DAYS } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { SYSTEM } from '../../process/transition';
import { notify } from '../notifications/notify';
import { orderPagePath } from './dashboards';
import { ORDER_AUTO_CONFIRM_JOB, type OrderRunner, takeOrderEvent } from './process';

/**
 * The receipt window's timer (issue 19): an order still `arrived` when it fires (the buyer
 * neither confirmed nor opened a return within three business days of delivery) is confirmed by
 * the platform: delivered, the seller's share released, both told. A timer whose order moved on does nothing.
 */
export function autoConfirmJob(deps: { orderRunner: OrderRunner }) {
  return defineJob<{ orderId: number }>({
    name: ORDER_AUTO_CONFIRM_JOB,
    async run({ orderId }, { db, now }) {
      await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (order?.state !== 'arrived') return;
        await takeOrderEvent(tx, deps.orderRunner, order, 'autoConfirm', SYSTEM, now);
        await notify(
          tx,
          [order.buyerId],
          `Order ${order.refnum} is confirmed as received: the ${RECEIPT_WINDOW_BUSINESS_DAYS} business days to return it have passed`,
          orderPagePath(order.refnum),
        );
        await notify(
          tx,
          [order.sellerId],
          `Order ${order.refnum} was delivered: your share is now available for payout.`,
          orderPagePath(order.refnum),
        );
      });
    },
  });
}
