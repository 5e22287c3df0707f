import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { orders } from './orders';

/**
 * The money ledger (issue 18): append-only double entry. A transaction is one money movement;
 * its entries move integer cents between accounts (negative leaves an account, positive reaches
 * one) and sum to zero, which `postLedger` checks and a deferred constraint trigger enforces at
 * commit (migration). Balances are sums of entries, never stored. Triggers refuse UPDATE and DELETE.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    /** What moved the money: payment, sale, release, refund, payout. */
    kind: text('kind').notNull(),
    orderId: reference('order_id', () => orders.id),
    memo: text('memo').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('ledger_transactions_order_idx').on(t.orderId)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transactionId: reference('transaction_id', () => ledgerTransactions.id).notNull(),
    /** `buyer_payments`, `platform_clearing`, `seller:<id>:pending`, ... (api/src/modules/ledger/accounts.ts). */
    account: text('account').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  // A balance is an index-only sum: the covering index (account) INCLUDE (amount_cents) is in the migration.
  (t) => [index('ledger_entries_transaction_idx').on(t.transactionId)],
);
