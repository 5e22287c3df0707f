import { PAYOUT_STATUSES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { users } from './users';

/**
 * Where payouts go. The account number is kept encrypted (AES-256-GCM) with its last four
 * digits beside it: answers only ever carry the masked form.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).primaryKey(),
  accountHolder: text('account_holder').notNull(),
  routingNumber: text('routing_number').notNull(),
  accountNumberCipher: text('account_number_cipher').notNull(),
  accountNumberLast4: text('account_number_last4').notNull(),
  /** The individual's date of birth and SSN's last 4 for the payment provider, sealed (never in clear). */
  individualCipher: text('individual_cipher'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const payoutStatus = pgEnum('payout_status', PAYOUT_STATUSES);

/**
 * A sending of a seller's available money to their bank (issue 18, docs/decisions/0046). Written,
 * with its ledger transaction available → transferred, before the provider is asked; the money is
 * transferred to the seller's connected account once (key `transfer:payout:<id>`), then paid out
 * from it (transferred → paid_out). A payout that fails leaves the money in the connected account
 * (transferred) and is retried from there. `attempts` names the provider idempotency key of each
 * payout try (`payout:<id>:<attempt>`), so a retried job pays once.
 */
export const sellerPayouts = pgTable(
  'seller_payouts',
  {
    id: id(),
    sellerId: reference('seller_id', () => users.id).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: payoutStatus('status').notNull(),
    attempts: integer('attempts').notNull().default(1),
    providerPayoutId: text('provider_payout_id'),
    /**
     * The provider's transfer of this payout's money to the seller's connected account, once it
     * was made: a payout that fails after it is sent again from that account, never transferred again.
     */
    transferId: text('transfer_id'),
    failure: text('failure'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('seller_payouts_seller_idx').on(t.sellerId, t.createdAt.desc()),
    index('seller_payouts_status_idx').on(t.status),
    // The provider's later word on a payout (payout.paid, payout.failed) names it by this id.
    index('seller_payouts_provider_payout_idx').on(t.providerPayoutId),
    check('seller_payouts_positive', sql`${t.amountCents} > 0`),
  ],
);
