import { can, rewardNotices } from '@yardly/shared/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { referrals, rewards } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { SYSTEM } from '../../process/transition';
import { postRewardReversed } from '../ledger/reward-postings';
import { notify } from '../notifications/notify';
import { REWARD_REVERSE_JOB, type ReversePayload } from './listing-effect';
import { reversalMemo } from './memos';
import { rewardRunner, takeRewardEvent } from './process';
import { lockRewards, rewardsBalance } from './wallet';

/**
 * The reversal queued when a moderator removes a reported first listing. It runs at once and
 * reads the removal's time from the clock (`now`), so a removal on day 8 reverses nothing.
 */
export const rewardReverseJob = defineJob<ReversePayload>({
  name: REWARD_REVERSE_JOB,
  async run(payload, { db, now }) {
    await db.transaction((tx) => reverseRewardsOf(tx, payload.listingId, now));
  },
});

/**
 * Reverses the rewards a listing earned as a friend's first (issue 22), when it was removed
 * within the window: a granted one by a new ledger entry back to promotions, a pending or held
 * one only in its state (it never moved money). Each is a transition of its own; both sides are told. What
 * was already spent or cashed out is not taken back: the entry takes what is left of the
 * reward in the person's rewards (under their lock), so no balance goes below zero.
 */
export async function reverseRewardsOf(tx: Db, listingId: number, removedAt: Date): Promise<number> {
  const [referral] = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(eq(referrals.firstListingId, listingId))
    .for('update');
  if (!referral) return 0;
  const open = await tx
    .select()
    .from(rewards)
    .where(and(eq(rewards.referralId, referral.id), inArray(rewards.state, ['pending', 'held', 'granted'])))
    .for('update');
  let reversed = 0;
  for (const reward of open) {
    const facts = { at: removedAt, windowEndsAt: reward.windowEndsAt, heldUntil: reward.heldUntil };
    if (!can(rewardRunner.process, reward.state, 'reverse', 'system', facts).ok) continue;
    await takeRewardEvent(tx, reward, 'reverse', SYSTEM, removedAt, removedAt);
    if (reward.state === 'granted') {
      await lockRewards(tx, reward.userId);
      const takeBack = Math.min(reward.amountCents, await rewardsBalance(tx, reward.userId));
      if (takeBack > 0) {
        await postRewardReversed(
          tx,
          { ...reward, amountCents: takeBack, memo: reversalMemo(reward.refnum) },
          removedAt,
        );
      }
      await notify(tx, [reward.userId], rewardNotices.reversed, '/myrewards');
    }
    reversed += 1;
  }
  return reversed;
}
