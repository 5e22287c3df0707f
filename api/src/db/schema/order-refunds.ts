import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * A refund an admin gave from the console (issue 18 §4), with the reason they wrote: the
 * console's order shows it, and the audit log keeps it with the order as it was after.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    actorId: bigint('actor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId)],
);
