import { CARD_REFUND_STATUSES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { ledgerTransactions } from './ledger';
import { orders } from './orders';

export const cardRefundStatus = pgEnum('card_refund_status', CARD_REFUND_STATUSES);

/**
 * A refund to a buyer's card that the ledger owes (issue 34, docs/decisions/0066): written with the
 * ledger transaction that moved the card's part to `refunds_owed`, in the same database
 * transaction, then sent to the provider. Only once the provider made it (`succeeded`) does the
 * ledger move it on to `refunds`. The provider's idempotency key is the ledger transaction's and
 * the try's (`card-refund:<ledger transaction>:<attempt>`): a job run twice refunds once, and a
 * retry after a failure is a new try.
 */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    id: id(),
    orderId: reference('order_id', () => orders.id).notNull(),
    /** The ledger transaction that owes this refund: one card refund per ledger refund. */
    ledgerTransactionId: reference('ledger_transaction_id', () => ledgerTransactions.id).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: cardRefundStatus('status').notNull(),
    attempts: integer('attempts').notNull().default(1),
    /** Why it is given (sent to the provider with it, shown in the console). */
    reason: text('reason').notNull(),
    /** What the buyer is told once the card has it (never before). */
    buyerNotice: text('buyer_notice').notNull(),
    buyerNoticeLink: text('buyer_notice_link').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** The provider's word: why it waits (`pending`) or why it failed. */
    failure: text('failure'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('card_refunds_ledger_transaction_idx').on(t.ledgerTransactionId),
    index('card_refunds_order_idx').on(t.orderId),
    index('card_refunds_status_idx').on(t.status),
    // The provider's later word on a refund (refund.updated, refund.failed) names it by this id.
    index('card_refunds_provider_refund_idx').on(t.providerRefundId),
    check('card_refunds_positive', sql`${t.amountCents} > 0`),
  ],
);
