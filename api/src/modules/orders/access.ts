import { type AdminVerb, mayAdmin, orderMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { orders } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { OrderRow } from './process';

/** Where the caller stands in an order: its buyer, its seller, or a moderator looking at it. */
export type OrderParty = 'buyer' | 'seller' | 'admin';

export function partyIn(
  order: Pick<OrderRow, 'buyerId' | 'sellerId'>,
  caller: Caller,
  verb: AdminVerb,
): OrderParty | null {
  if (order.buyerId === caller.userId) return 'buyer';
  if (order.sellerId === caller.userId) return 'seller';
  return mayAdmin(caller.roles, 'orders', verb) ? 'admin' : null;
}

/**
 * An order by its refnum (the wire's orderId) and the caller's part in it, locked for the rest
 * of the transaction when `lock` is set: 404 when there is none, 403 for anyone but its buyer,
 * its seller and an admin.
 */
export async function orderFor(db: Db, caller: Caller, orderId: string, verb: AdminVerb, lock = false) {
  const query = db.select().from(orders).where(eq(orders.refnum, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new AppError(404, orderMessages.notFound, { reason: 'order_not_found' });
  const party = partyIn(order, caller, verb);
  if (!party) throw new AppError(403, orderMessages.notYours, { reason: 'not_your_order' });
  return { order, party };
}
