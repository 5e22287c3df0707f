import type { CashOutResult } from '@yardly/shared/contract';
import { maskAccountNumber, walletMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { payoutAccounts } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { Jobs } from '../../jobs/runner';
import { postRewardsCashedOut } from '../ledger/reward-postings';
import { startPayoutIn } from '../payouts/send';
import { lockRewards, rewardsBalance } from './wallet';

export interface CashOutDeps {
  db: Db;
  jobs: Jobs;
}

/**
 * `POST /svc/rewards/cash-out` (issue 22, the ACH popup): the caller's whole rewards balance
 * to the bank account on file, in one transaction: the rewards become money owed to them
 * (rewards:<id> → seller:<id>:available, a balanced ledger entry) and the payout machinery
 * sends it (payouts/send.ts: the payout, its ledger entry to paid_out, the sending queued), so a
 * failed transfer comes back as their available money and the daily run sends it again.
 * Nothing to cash out, or no bank account: 400. The bank account's row is locked first and the
 * balance read again under the rewards' lock: of two cash-outs at once, the second finds the
 * balance gone (409) and one payout leaves.
 */
export async function cashOutRewards(deps: CashOutDeps, caller: Caller, now: Date): Promise<CashOutResult> {
  if ((await rewardsBalance(deps.db, caller.userId)) <= 0) {
    throw AppError.badRequest(walletMessages.nothingToCashOut, 'balance');
  }
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ last4: payoutAccounts.accountNumberLast4 })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, caller.userId))
      .for('update');
    if (!account) throw AppError.badRequest(walletMessages.noBankAccount, 'bankAccount');
    await lockRewards(tx, caller.userId);
    const balance = await rewardsBalance(tx, caller.userId);
    if (balance <= 0) throw new AppError(409, walletMessages.alreadyCashedOut, { reason: 'already_cashed_out' });
    await postRewardsCashedOut(tx, { userId: caller.userId, amountCents: balance }, now);
    await startPayoutIn(tx, deps.jobs, caller.userId, now);
    return { cashedOut: balance, balance: 0, accountNumberMasked: maskAccountNumber(account.last4) };
  });
}
