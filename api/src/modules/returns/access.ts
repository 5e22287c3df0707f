import { type AdminVerb, returnMessages } from '@yardly/shared/rules';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { orders, returns } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { partyIn } from '../orders/access';
import type { OrderRow } from '../orders/process';
import type { ReturnRow } from './process';

/**
 * The return `where` names and its order, both locked for the rest of the transaction when `lock`
 * is set: the order first, then the return, as every change of either does, so a return's change
 * and its order's change wait for each other rather than deadlock. Null when there is none.
 */
export async function returnWithOrder(
  tx: Db,
  where: SQL,
  lock = true,
): Promise<{ row: ReturnRow; order: OrderRow } | null> {
  const [found] = await tx.select({ orderId: returns.orderId }).from(returns).where(where);
  if (!found) return null;
  const orderQuery = tx.select().from(orders).where(eq(orders.id, found.orderId));
  const [order] = lock ? await orderQuery.for('update') : await orderQuery;
  const returnQuery = tx.select().from(returns).where(where);
  const [row] = lock ? await returnQuery.for('update') : await returnQuery;
  return order && row ? { row, order } : null;
}

/** A return by its refnum (the wire's returnId), or 404. */
export async function returnByRefnum(tx: Db, returnId: string, lock = true) {
  const found = await returnWithOrder(tx, eq(returns.refnum, returnId), lock);
  if (!found) throw new AppError(404, returnMessages.notFound, { reason: 'return_not_found' });
  return found;
}

/**
 * A return by its refnum with its order and the caller's part in it: 404 when there is none, 403
 * for anyone but the order's buyer and seller and an admin the role matrix lets see orders.
 */
export async function returnFor(db: Db, caller: Caller, returnId: string, verb: AdminVerb, lock = false) {
  const { row, order } = await returnByRefnum(db, returnId, lock);
  // Who may see an order may see its return: the same row of the role matrix for an admin.
  const party = partyIn(order, caller, verb);
  if (!party) throw new AppError(403, returnMessages.notYours, { reason: 'not_your_return' });
  return { row, order, party };
}
