import { leaveReviewPath, type OrderEvent, type OrderState, reviewNotices } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, orders } from '../../db/schema/index';
import type { Transition } from '../../process/transition';
import { notify } from '../notifications/notify';

/**
 * An effect of the order process: when an order is completed (it reaches `delivered`, however
 * it got there), both sides are asked to review each other, in the same transaction.
 */
export async function askForReviews(tx: Db, done: Transition<OrderState, OrderEvent>): Promise<void> {
  if (done.to !== 'delivered') return;
  const [order] = await tx
    .select({ refnum: orders.refnum, buyerId: orders.buyerId, sellerId: orders.sellerId, title: listings.title })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(eq(orders.id, done.subjectId));
  if (!order) return;
  await notify(tx, [order.buyerId, order.sellerId], reviewNotices.asked(order.title), leaveReviewPath(order.refnum));
}
