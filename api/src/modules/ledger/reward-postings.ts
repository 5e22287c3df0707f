import type { Db } from '../../db/connect';
import { LEDGER, rewardsAccount, sellerAccount } from './accounts';
import { postLedger } from './ledger';

/** What a reward posting needs to know of the reward. */
export interface RewardMoney {
  userId: number;
  amountCents: number;
  /** The line the person reads in their rewards' history (rewards/memos.ts). */
  memo: string;
}

/** A referral reward granted (or approved): the promotions account pays the person's rewards. */
export async function postRewardGranted(tx: Db, reward: RewardMoney, at: Date): Promise<void> {
  await postLedger(tx, { kind: 'reward', orderId: null, memo: reward.memo, at }, [
    { account: LEDGER.promotions, amountCents: -reward.amountCents },
    { account: rewardsAccount(reward.userId), amountCents: reward.amountCents },
  ]);
}

/**
 * A granted reward reversed (its first listing removed after a report): a new entry back,
 * nothing deleted. `amountCents` is what is taken back: the caller takes no more than the
 * person still has (rewards/reverse.ts), so a reward already spent is not taken twice.
 */
export async function postRewardReversed(tx: Db, reward: RewardMoney, at: Date): Promise<void> {
  await postLedger(tx, { kind: 'reward_reversed', orderId: null, memo: reward.memo, at }, [
    { account: rewardsAccount(reward.userId), amountCents: -reward.amountCents },
    { account: LEDGER.promotions, amountCents: reward.amountCents },
  ]);
}

/**
 * A person's rewards cashed out: they become money the platform owes them, in the same account
 * a seller's available money is (`seller:<id>:available`), which the payout machinery sends to
 * their bank (payouts/send.ts) in the same transaction.
 */
export async function postRewardsCashedOut(tx: Db, cashOut: { userId: number; amountCents: number }, at: Date) {
  await postLedger(tx, { kind: 'reward_cashout', orderId: null, memo: 'Rewards cashed out to your bank account', at }, [
    { account: rewardsAccount(cashOut.userId), amountCents: -cashOut.amountCents },
    { account: sellerAccount(cashOut.userId, 'available'), amountCents: cashOut.amountCents },
  ]);
}
