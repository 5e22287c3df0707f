import { bigint, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './ledger';
import { organizations } from './organisations';
import { users } from './users';

/**
 * Welcome credits (issue 23): what a B2B organisation gave a newly verified member, once per
 * person and organisation (the unique index: two verifications at once grant one). The money is
 * the ledger transaction from the organisation's promotions account to the person's rewards.
 */
export const welcomeCredits = pgTable(
  'welcome_credits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    amountCents: integer('amount_cents').notNull(),
    /** The money's movement, written right after the row claims the credit (same transaction). */
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('welcome_credits_member_idx').on(t.userId, t.organizationId)],
);
