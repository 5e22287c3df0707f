import { bigint, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from './columns';

/**
 * The built-in test provider's own records (api/src/modules/payments/test-provider/): what a
 * payment provider keeps on its side, kept in our database so intents survive a restart. Only
 * the test provider reads or writes these tables; card numbers are never stored (brand, last 4).
 */
export const testPaymentIntents = pgTable('test_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  lastError: text('last_error'),
  card: jsonb('card').$type<{ token: string; brand: string; last4: string; expMonth: number; expYear: number }>(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const testPaymentRefunds = pgTable('test_payment_refunds', {
  id: text('id').primaryKey(),
  intentId: text('intent_id')
    .notNull()
    .references(() => testPaymentIntents.id),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  createdAt: at('created_at').notNull(),
});

export const testPayouts = pgTable(
  'test_payouts',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * A `transfer` (platform → the seller's connected balance) or a `payout` (connected balance →
     * bank), as Stripe Connect moves a seller's money (docs/decisions/0046).
     */
    kind: text('kind').notNull().default('payout'),
    /** Whose connected balance (the seller's refnum). */
    account: text('account').notNull().default(''),
    /** A payout the bank refused is `failed`: its money is back in the connected balance. */
    status: text('status').notNull().default('paid'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The bank account's last four digits: the test provider records where it would have paid. */
    accountLast4: text('account_last4').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('test_payouts_key_idx').on(t.idempotencyKey)],
);
