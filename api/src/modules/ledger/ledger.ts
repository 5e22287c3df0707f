import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/index';
import { sellerAccount } from './accounts';

/** One leg of a money movement: negative leaves `account`, positive reaches it, in integer cents. */
export interface LedgerEntry {
  account: string;
  amountCents: number;
}

export type LedgerKind =
  | 'payment'
  // Issue 23: a B2B organisation's welcome credit to a newly verified member.
  | 'welcome_credit'
  | 'sale'
  | 'release'
  | 'refund'
  // Issue 34: a refund the ledger owed to a card, made by the provider (refunds_owed → refunds).
  | 'card_refund'
  | 'transfer'
  | 'transfer_refused'
  | 'payout'
  | 'payout_failed'
  | 'label'
  | 'reward'
  | 'reward_reversed'
  | 'reward_spent'
  | 'reward_cashout';

/** A money movement that does not balance: a bug in the caller, never a person's mistake. */
export class UnbalancedLedgerError extends Error {
  override name = 'UnbalancedLedgerError';
}

/** Refuses what the deferred trigger would refuse at commit, before anything is written. */
export function assertBalanced(entries: readonly LedgerEntry[]): void {
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountCents)) {
      throw new UnbalancedLedgerError(`${entry.account}: ${entry.amountCents} is not a whole number of cents`);
    }
  }
  const total = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  if (entries.length < 2 || total !== 0) {
    throw new UnbalancedLedgerError(`a ledger transaction of ${entries.length} entries sums to ${total}`);
  }
}

/**
 * Writes one balanced transaction in the caller's database transaction (the one that changes
 * the state that moves the money). Entries of 0 cents are left out.
 */
export async function postLedger(
  tx: Db,
  movement: { kind: LedgerKind; orderId: number | null; memo: string; at: Date },
  entries: readonly LedgerEntry[],
): Promise<number> {
  const legs = entries.filter((entry) => entry.amountCents !== 0);
  assertBalanced(legs);
  const [row] = await tx.insert(ledgerTransactions).values(movement).returning({ id: ledgerTransactions.id });
  if (!row) throw new Error('a ledger transaction just written is missing');
  await tx.insert(ledgerEntries).values(legs.map((leg) => ({ transactionId: row.id, ...leg })));
  return row.id;
}

/** The sum of the entries of one order's ledger transactions that `where` keeps (0 when none). */
export async function orderEntriesSum(db: Db, orderId: number, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.orderId, orderId), where));
  return Number(row?.total ?? 0);
}

/** An account's balance: the sum of its entries (an index-only scan of ledger_entries_account_idx). */
export async function balanceOf(db: Db, account: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.total ?? 0);
}

export interface SellerBalance {
  pending: number;
  available: number;
  paidOut: number;
  /** At the seller's connected account at the provider, not yet paid to their bank (a failed payout's money). */
  transferredCents: number;
}

/** A seller's money, in cents, derived from the ledger: one statement over their four accounts. */
export async function sellerBalance(db: Db, sellerId: number): Promise<SellerBalance> {
  const parts = {
    pending: 'pending',
    available: 'available',
    paidOut: 'paid_out',
    transferredCents: 'transferred',
  } as const;
  const rows = await db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.account,
        Object.values(parts).map((part) => sellerAccount(sellerId, part)),
      ),
    )
    .groupBy(ledgerEntries.account);
  const of = (part: (typeof parts)[keyof typeof parts]) =>
    Number(rows.find((row) => row.account === sellerAccount(sellerId, part))?.total ?? 0);
  return {
    pending: of('pending'),
    available: of('available'),
    paidOut: of('paid_out'),
    transferredCents: of('transferred'),
  };
}
