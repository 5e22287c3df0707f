import type { RewardEvent } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, referrals, rewards, users } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { SYSTEM } from '../../process/transition';
import { postRewardGranted } from '../ledger/reward-postings';
import { tellGranted } from './grant';
import { REWARD_RELEASE_JOB, type ReleasePayload } from './listing-effect';
import { friendNameById, rewardMemo } from './memos';
import { takeRewardEvent } from './process';

/** Where the friend's first listing may be for its rewards to be released: still up, or gone to someone. */
const LISTING_STILL_COUNTS = new Set(['live', 'reserved', 'sold', 'donated']);

export const rewardReleaseJob = defineJob<ReleasePayload>({
  name: REWARD_RELEASE_JOB,
  async run(payload, { db, now }) {
    await db.transaction((tx) => releaseRewardsOf(tx, payload.referralId, now));
  },
});

/**
 * Ends the hold of a referral's rewards still pending (issue 34): released (each a balanced
 * ledger entry promotions → rewards, both told) when the friend's first listing is still up or
 * was sold or donated and the friend is not blocked; otherwise cancelled, moving no money. A
 * reward an admin voided, or a report reversed, meanwhile is no longer pending and is left alone;
 * before the hold's end the process's guard refuses (the job is due only then). Answers how
 * many were released.
 */
export async function releaseRewardsOf(tx: Db, referralId: number, now: Date): Promise<number> {
  const [referral] = await tx
    .select({
      inviterId: referrals.referrerId,
      friendId: referrals.referredId,
      listingState: listings.state,
      friendBlockedAt: users.blockedAt,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .leftJoin(listings, eq(listings.id, referrals.firstListingId))
    .where(eq(referrals.id, referralId))
    .for('update', { of: referrals });
  if (!referral) return 0;
  const pending = await tx
    .select()
    .from(rewards)
    .where(and(eq(rewards.referralId, referralId), eq(rewards.state, 'pending')))
    .for('update');
  if (pending.length === 0) return 0;
  const stands =
    referral.friendBlockedAt === null && LISTING_STILL_COUNTS.has(String(referral.listingState ?? 'deleted'));
  const event: RewardEvent = stands ? 'release' : 'cancel';
  const friendName = await friendNameById(tx, referral.friendId);
  for (const reward of pending) {
    await takeRewardEvent(tx, reward, event, SYSTEM, now);
    if (event === 'release') {
      await postRewardGranted(tx, { ...reward, memo: rewardMemo(reward.side, friendName, reward.refnum) }, now);
    }
  }
  if (event === 'release') {
    const sides = new Set(pending.map((reward) => reward.side));
    const only = sides.size === 2 ? undefined : pending[0]?.side;
    await tellGranted(tx, referral.inviterId, friendName, referral.friendId, only);
  }
  return event === 'release' ? pending.length : 0;
}
