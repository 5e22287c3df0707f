import { type OrderEvent, type OrderState, RECEIPT_WINDOW_BUSINESS_DAYS } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/index';
import type { Effect } from '../../process/transition';
import { notify } from '../notifications/notify';
import { orderPagePath } from './dashboards';

/**
 * The named effect `tellReceiptWindowClosed` of the receipt window's timer (`autoConfirm`, issue
 * 19): the buyer neither confirmed nor opened a return within three business days of delivery, so
 * the platform confirmed the order (delivered, the seller's share released by the table's other
 * effects); both are told. The order's timer job takes the event only while it is still `arrived`.
 */
export const tellReceiptWindowClosed: Effect<OrderState, OrderEvent> = async (tx, done) => {
  const [order] = await tx.select().from(orders).where(eq(orders.id, done.subjectId));
  if (!order) return;
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
};
