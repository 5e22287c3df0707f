import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/**
 * The Stripe Connect account that pays out to one bank account (docs/decisions/0025): made
 * once per bank account and reused. The bank account is named by a keyed hash of its routing
 * and account numbers, so this table never holds an account number.
 *
 * Its verification as Stripe last told it (`account.updated`, or a read when none is stored):
 * `payouts_status` action_required / pending / verified, and the fields Stripe currently needs.
 */
export const stripeConnectedAccounts = pgTable(
  'stripe_connected_accounts',
  {
    bankFingerprint: text('bank_fingerprint').primaryKey(),
    accountId: text('account_id').notNull(),
    createdAt: at('created_at').notNull(),
    payoutsStatus: text('payouts_status'),
    requirements: jsonb('requirements').$type<string[]>(),
    statusAt: at('status_at'),
  },
  (table) => [index('stripe_connected_accounts_account_idx').on(table.accountId)],
);
