import { commissionCents } from '@yardly/shared/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/index';
import { LEDGER, sellerAccount } from './accounts';
import { type LedgerEntry, postLedger } from './ledger';

/** What the ledger needs of an order. */
export interface OrderMoney {
  id: number;
  refnum: string;
  sellerId: number;
  itemPriceCents: number;
  shippingCents: number;
  totalCents: number;
}

/** The sale's split of a payment: the seller's share (held), the commission, the shipping. */
function saleEntries(order: OrderMoney): LedgerEntry[] {
  const commission = commissionCents(order.itemPriceCents);
  return [
    { account: LEDGER.clearing, amountCents: -order.totalCents },
    { account: sellerAccount(order.sellerId, 'pending'), amountCents: order.itemPriceCents - commission },
    { account: LEDGER.revenue, amountCents: commission },
    { account: LEDGER.shipping, amountCents: order.shippingCents },
  ];
}

/** An order placed: the buyer's payment reaches clearing, then is split; the seller's share is pending. */
export async function postOrderPlaced(tx: Db, order: OrderMoney, at: Date): Promise<void> {
  await postLedger(tx, { kind: 'payment', orderId: order.id, memo: `Payment for order ${order.refnum}`, at }, [
    { account: LEDGER.buyerPayments, amountCents: -order.totalCents },
    { account: LEDGER.clearing, amountCents: order.totalCents },
  ]);
  await postLedger(
    tx,
    { kind: 'sale', orderId: order.id, memo: `Sale of order ${order.refnum}`, at },
    saleEntries(order),
  );
}

/**
 * What labels took from the seller's pending share of this order (free shipping, label-postings.ts):
 * the release pays out the share less it.
 */
export async function labelDeductedCents(tx: Db, order: OrderMoney): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerTransactions.orderId, order.id),
        eq(ledgerTransactions.kind, 'label'),
        eq(ledgerEntries.account, sellerAccount(order.sellerId, 'pending')),
      ),
    );
  return -Number(row?.total ?? 0);
}

/** An order delivered: the seller's share (less a label deducted from it) moves from pending to available (the payout job pays it). */
export async function postOrderReleased(tx: Db, order: OrderMoney, at: Date): Promise<void> {
  const share = order.itemPriceCents - commissionCents(order.itemPriceCents) - (await labelDeductedCents(tx, order));
  await postLedger(tx, { kind: 'release', orderId: order.id, memo: `Order ${order.refnum} delivered`, at }, [
    { account: sellerAccount(order.sellerId, 'pending'), amountCents: -share },
    { account: sellerAccount(order.sellerId, 'available'), amountCents: share },
  ]);
}

/** An order cancelled before it moved: the sale's split is reversed and the whole payment goes back to the buyer. */
export async function postOrderRefunded(tx: Db, order: OrderMoney, at: Date): Promise<void> {
  const reversed = saleEntries(order)
    .filter((entry) => entry.account !== LEDGER.clearing)
    .map((entry) => ({ ...entry, amountCents: -entry.amountCents }));
  await postLedger(tx, { kind: 'refund', orderId: order.id, memo: `Refund of order ${order.refnum}`, at }, [
    ...reversed,
    { account: LEDGER.refunds, amountCents: order.totalCents },
  ]);
}
