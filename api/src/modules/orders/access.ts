import { type AdminVerb, mayAdmin, orderMessages } from '@yardly/shared/rules';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, orders } from '../../db/schema/index';
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

/** The refnums of the caller's orders of a listing, as its buyer or its seller (to be ordered by the caller's rule). */
export function callersOrdersOfListing(db: Db, caller: Caller, listingRefnum: string) {
  return db
    .select({ refnum: orders.refnum })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(
      and(
        eq(listings.refnum, listingRefnum),
        or(eq(orders.buyerId, caller.userId), eq(orders.sellerId, caller.userId)),
      ),
    );
}
