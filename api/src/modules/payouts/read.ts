import type { PayoutEntry } from '@yardly/shared/contract';
import { BALANCE_PARTS, type BalancePart, PAYOUT_ENTRY_LABELS } from '@yardly/shared/rules';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { ledgerEntries, ledgerTransactions, listings, orders } from '../../db/schema/index';
import { sellerAccount } from '../ledger/accounts';

/** The seller's three accounts, and which part of the balance each is. */
function accountsOf(sellerId: number): Map<string, BalancePart> {
  return new Map(BALANCE_PARTS.map((part) => [sellerAccount(sellerId, part), part]));
}

/** `GET /svc/payouts/entries`: the entries of the caller's seller accounts, newest first, with the order and listing each came from. */
export async function payoutEntries(db: Db, sellerId: number, page: { page: number; size: number }) {
  const accounts = accountsOf(sellerId);
  const mine = inArray(ledgerEntries.account, [...accounts.keys()]);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(mine);
  const rows = await db
    .select({
      id: ledgerEntries.id,
      account: ledgerEntries.account,
      amount: ledgerEntries.amountCents,
      kind: ledgerTransactions.kind,
      at: ledgerTransactions.at,
      orderId: orders.refnum,
      listingRefnum: listings.refnum,
      listingTitle: listings.title,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(orders, eq(orders.id, ledgerTransactions.orderId))
    .leftJoin(listings, eq(listings.id, orders.listingId))
    .where(mine)
    .orderBy(desc(ledgerTransactions.at), desc(ledgerEntries.id))
    .limit(page.size)
    .offset(page.page * page.size);
  const docs: PayoutEntry[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    label: PAYOUT_ENTRY_LABELS[row.kind] ?? row.kind,
    part: accounts.get(row.account) ?? 'available',
    amount: row.amount,
    orderId: row.orderId,
    listingRefnum: row.listingRefnum,
    listingTitle: row.listingTitle,
    date: row.at.toISOString(),
  }));
  return { docs, totalElements: count?.n ?? 0, number: page.page, size: page.size };
}
