import { walletMessages } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { rewardsAccount } from '../ledger/accounts';
import { balanceOf } from '../ledger/ledger';

/** Advisory lock space of "a person's rewards are being taken" (spent, cashed out or reversed). */
const REWARDS_LOCK_SPACE = 722_024;

/**
 * Holds the person's rewards until the caller's transaction ends: whatever takes rewards out
 * (an order placed with them, a cash-out, a reversal) takes this lock last, reads the balance
 * under it, and so never takes the same cents twice. Adding rewards needs no lock.
 */
export async function lockRewards(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REWARDS_LOCK_SPACE}, (${userId}::bigint % 2147483647)::int)`);
}

/** What the person may spend or cash out now: their rewards account's balance in the ledger. */
export function rewardsBalance(db: Db, userId: number): Promise<number> {
  return balanceOf(db, rewardsAccount(userId));
}

/**
 * Placing an order that spends `cents` of the buyer's rewards: under their lock, the balance
 * must still hold it (two checkouts counted on one balance: the second to be placed is refused
 * with 409 'rewards_spent', and its card authorisation is released by the placing).
 */
export async function assertRewardsCover(tx: Db, userId: number, cents: number): Promise<void> {
  await lockRewards(tx, userId);
  if ((await rewardsBalance(tx, userId)) < cents) {
    throw AppError.conflict(walletMessages.rewardsSpent, 'rewards_spent');
  }
}
