import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Stripe Connect account that pays out to one bank account (docs/decisions/0025): made
 * once per bank account and reused. The bank account is named by a keyed hash of its routing
 * and account numbers, so this table never holds an account number.
 */
export const stripeConnectedAccounts = pgTable('stripe_connected_accounts', {
  bankFingerprint: text('bank_fingerprint').primaryKey(),
  accountId: text('account_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
