import { integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
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
    id: id(),
    userId: reference('user_id', () => users.id).notNull(),
    organizationId: reference('organization_id', () => organizations.id).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The money's movement, written right after the row claims the credit (same transaction). */
    ledgerTransactionId: reference('ledger_transaction_id', () => ledgerTransactions.id),
    grantedAt: at('granted_at').notNull(),
  },
  (t) => [uniqueIndex('welcome_credits_member_idx').on(t.userId, t.organizationId)],
);
