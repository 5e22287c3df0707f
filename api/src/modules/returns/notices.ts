import type { ReturnNoticeContext } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { orders, returns } from '../../db/schema/index';
import type { NoticeReader } from '../../process/registry';

/** What the return process's notices read of a return (`tells` in return-process.ts): its order's parties and refnum. */
export const readReturnNotices: NoticeReader<ReturnNoticeContext> = async (tx, returnId) => {
  const [row] = await tx
    .select({ orderRefnum: orders.refnum, buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(eq(returns.id, returnId));
  if (!row) return undefined;
  return { parties: { buyer: row.buyerId, seller: row.sellerId }, context: { orderRefnum: row.orderRefnum } };
};
