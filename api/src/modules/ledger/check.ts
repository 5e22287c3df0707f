import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/index';
import { balanceOf } from './ledger';

/** The accounts whose balance never goes below zero: a seller's held, available and transferred money, a person's rewards. */
const MUST_NOT_GO_NEGATIVE = /^(seller:\d+:(pending|available|transferred)|rewards:\d+)$/;

export interface LedgerReport {
  transactions: number;
  entries: number;
  accounts: number;
  /** Transactions whose entries do not sum to zero, or that have fewer than two. */
  unbalanced: { transactionId: number; total: number; entries: number }[];
  /** Accounts whose balance (as the api reads it) differs from the sum of their entries read one by one. */
  mismatched: { account: string; balance: number; entries: number }[];
  /** A seller's held or available money, or a person's rewards, below zero: more was moved out than ever came in. */
  negative: { account: string; balance: number }[];
  /** The sum of every entry: zero in a ledger where each transaction balances. */
  total: number;
}

/**
 * Proves the ledger's invariants (issue 18): every transaction sums to zero, every balance the
 * api reads equals its entries added up here, no seller's pending or available money and no
 * person's rewards (issue 22: a reversal gives back only what was granted) is negative.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  const unbalanced = await db
    .select({
      transactionId: ledgerTransactions.id,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
      entries: sql<number>`count(${ledgerEntries.id})::int`,
    })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, sql`${ledgerEntries.transactionId} = ${ledgerTransactions.id}`)
    .groupBy(ledgerTransactions.id)
    .having(sql`coalesce(sum(${ledgerEntries.amountCents}), 0) <> 0 or count(${ledgerEntries.id}) < 2`);
  const [counts] = await db.select({ transactions: sql<number>`count(*)::int` }).from(ledgerTransactions);
  const all = await db
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries);
  const sums = new Map<string, number>();
  for (const entry of all) sums.set(entry.account, (sums.get(entry.account) ?? 0) + entry.amountCents);
  const mismatched: LedgerReport['mismatched'] = [];
  const negative: LedgerReport['negative'] = [];
  for (const [account, entries] of sums) {
    const balance = await balanceOf(db, account);
    if (balance !== entries) mismatched.push({ account, balance, entries });
    if (MUST_NOT_GO_NEGATIVE.test(account) && balance < 0) negative.push({ account, balance });
  }
  return {
    transactions: counts?.transactions ?? 0,
    entries: all.length,
    accounts: sums.size,
    unbalanced: unbalanced.map((row) => ({ ...row, total: Number(row.total) })),
    mismatched,
    negative,
    total: [...sums.values()].reduce((a, b) => a + b, 0),
  };
}

/** Whether a report shows a sound ledger. */
export function ledgerIsSound(report: LedgerReport): boolean {
  return (
    report.unbalanced.length === 0 &&
    report.mismatched.length === 0 &&
    report.negative.length === 0 &&
    report.total === 0
  );
}
