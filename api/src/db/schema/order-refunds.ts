import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * A refund an admin gave from the console (issue 18 §4), with the reason they wrote: the
 * console's order shows it, and the audit log keeps it with the order as it was after.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: reference('order_id', () => orders.id).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    actorId: reference('actor_id', () => users.id).notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId)],
);
