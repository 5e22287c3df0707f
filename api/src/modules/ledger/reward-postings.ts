import type { Db } from '../../db/connect';
import { LEDGER, rewardsAccount } from './accounts';
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

/** A granted reward reversed (its first listing removed after a report): a new entry back, nothing deleted. */
export async function postRewardReversed(tx: Db, reward: RewardMoney, at: Date): Promise<void> {
  await postLedger(tx, { kind: 'reward_reversed', orderId: null, memo: reward.memo, at }, [
    { account: rewardsAccount(reward.userId), amountCents: -reward.amountCents },
    { account: LEDGER.promotions, amountCents: reward.amountCents },
  ]);
}
