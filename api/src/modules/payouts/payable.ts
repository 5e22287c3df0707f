import { holdCutoff } from '@yardly/shared/rules';
import { and, eq, gt, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { ledgerEntries, ledgerTransactions, orders, payoutAccounts } from '../../db/schema/index';
import { sellerAccount } from '../ledger/accounts';
import { balanceOf } from '../ledger/ledger';

/**
 * What a seller can be paid at `now`: their available money less the deliveries still in their
 * hold (PAYOUT_HOLD_DAYS: shipped orders some days, local sales none). Money returned by a failed
 * payout is old money: it is payable again at once.
 */
export async function payableCents(db: Db, sellerId: number, now: Date): Promise<number> {
  const available = sellerAccount(sellerId, 'available');
  const [held] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(orders, eq(orders.id, ledgerTransactions.orderId))
    .where(
      and(
        eq(ledgerEntries.account, available),
        eq(ledgerTransactions.kind, 'release'),
        or(
          and(eq(orders.deliveryMethod, 'ship'), gt(ledgerTransactions.at, holdCutoff(now, 'ship'))),
          and(eq(orders.deliveryMethod, 'pickup'), gt(ledgerTransactions.at, holdCutoff(now, 'pickup'))),
        ),
      ),
    );
  return Math.max(0, (await balanceOf(db, available)) - Number(held?.cents ?? 0));
}

const AVAILABLE = /^seller:(\d+):available$/;

/** The sellers with available money and a bank account to send it to: who the payout run looks at. */
export async function sellersToPay(db: Db): Promise<number[]> {
  const rows = await db
    .select({ account: ledgerEntries.account })
    .from(ledgerEntries)
    .where(like(ledgerEntries.account, 'seller:%:available'))
    .groupBy(ledgerEntries.account)
    .having(sql`sum(${ledgerEntries.amountCents}) > 0`);
  const ids = rows.map((row) => Number(AVAILABLE.exec(row.account)?.[1])).filter(Number.isSafeInteger);
  if (ids.length === 0) return [];
  const withAccounts = await db
    .select({ id: payoutAccounts.userId })
    .from(payoutAccounts)
    .where(inArray(payoutAccounts.userId, ids));
  return withAccounts.map((row) => row.id).sort((a, b) => a - b);
}
