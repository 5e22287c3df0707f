import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Where payouts go. The account number is kept encrypted (AES-256-GCM) with its last four
 * digits beside it: answers only ever carry the masked form.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountHolder: text('account_holder').notNull(),
  routingNumber: text('routing_number').notNull(),
  accountNumberCipher: text('account_number_cipher').notNull(),
  accountNumberLast4: text('account_number_last4').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
