import type { OrderNoticeContext } from '@yardly/shared/rules';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { listings, orders, shipments } from '../../db/schema/index';
import type { NoticeReader } from '../../process/registry';

/**
 * What the order process's notices read of an order (`tells` in order-process.ts): its buyer and
 * seller, the item, and the outbound label's tracking number once one was bought.
 */
export const readOrderNotices: NoticeReader<OrderNoticeContext> = async (tx, orderId) => {
  const [row] = await tx
    .select({
      refnum: orders.refnum,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      title: listings.title,
      listingRefnum: listings.refnum,
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  const [label] = await tx
    .select({ trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.direction, 'outbound'), isNull(shipments.voidedAt)))
    .orderBy(desc(shipments.createdAt))
    .limit(1);
  return {
    parties: { buyer: row.buyerId, seller: row.sellerId },
    context: {
      refnum: row.refnum,
      title: row.title,
      listingRefnum: row.listingRefnum,
      trackingNumber: label?.trackingNumber ?? null,
    },
  };
};
