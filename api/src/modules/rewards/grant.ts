import {
  MAX_REWARDS_PER_MONTH,
  REFERRAL_REWARD_CENTS,
  REWARD_HOLD_HOURS,
  REWARD_REVERSAL_DAYS,
  type RewardSide,
  rewardMonthStart,
  rewardNotices,
} from '@yardly/shared/rules';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { addMs } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { referrals, rewards } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { queueJobIn } from '../../jobs/queue-in';
import { SYSTEM, start } from '../../process/transition';
import { notify } from '../notifications/notify';
import type { AccountNumberCipher } from '../payouts/bank-account';
import { referralBlockOf } from './abuse';
import { type GrantPayload, REWARD_GRANT_JOB, REWARD_RELEASE_JOB, type ReleasePayload } from './listing-effect';
import { rewardRunner } from './process';

/** Advisory lock space of "an inviter's rewards of the month are being counted". */
const INVITER_LOCK_SPACE = 722_022;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const MY_REWARDS = '/myrewards';

/** The grant queued by a friend's first publishing (listing-effect.ts): safe to run twice. */
export function rewardGrantJob(deps: { cipher: AccountNumberCipher }) {
  return defineJob<GrantPayload>({
    name: REWARD_GRANT_JOB,
    async run(payload, { db, now }) {
      await db.transaction((tx) => grantReferral(tx, deps.cipher, payload.referralId, now));
    },
  });
}

/**
 * Writes both sides' rewards of a referral once (issues 22, 34): nothing when the friend is the
 * inviter under another account (the reason is kept on the referral for the console); both held
 * for review past the inviter's MAX_REWARDS_PER_MONTH this month (the cap); else both wait
 * REWARD_HOLD_HOURS after the first listing, moving no money, and the release job is queued for
 * then (release.ts grants them, with their ledger entries, or cancels them).
 */
export async function grantReferral(tx: Db, cipher: AccountNumberCipher, referralId: number, now: Date) {
  const [referral] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).for('update');
  if (!referral?.firstListingId || !referral.listedAt || referral.blockedReason) return;
  const [already] = await tx.select({ id: rewards.id }).from(rewards).where(eq(rewards.referralId, referralId));
  if (already) return;

  const block = await referralBlockOf(tx, cipher, referral.referrerId, referral.referredId);
  if (block) {
    await tx.update(referrals).set({ blockedReason: block }).where(eq(referrals.id, referralId));
    return;
  }

  // Two grants for one inviter at once must not both be the 50th.
  await tx.execute(
    sql`select pg_advisory_xact_lock(${INVITER_LOCK_SPACE}, (${referral.referrerId}::bigint % 2147483647)::int)`,
  );
  const [month] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(rewards)
    .where(
      and(
        eq(rewards.userId, referral.referrerId),
        eq(rewards.side, 'inviter'),
        // Waiting ones count: fifty throwaway friends listing at once must not all be under the cap.
        inArray(rewards.state, ['pending', 'granted', 'reversed']),
        gte(rewards.createdAt, rewardMonthStart(now)),
      ),
    );
  const event = (month?.n ?? 0) >= MAX_REWARDS_PER_MONTH ? 'hold' : 'wait';
  const windowEndsAt = addMs(referral.listedAt, REWARD_REVERSAL_DAYS * DAY_MS);
  // A held-for-review one waits the hours too: an admin cannot approve it before.
  const heldUntil = addMs(referral.listedAt, REWARD_HOLD_HOURS * HOUR_MS);

  const sides: [RewardSide, number][] = [
    ['inviter', referral.referrerId],
    ['friend', referral.referredId],
  ];
  for (const [side, userId] of sides) {
    const refnum = newRefnum('reward');
    await start(tx, rewardRunner, event, SYSTEM, {
      facts: { at: now, windowEndsAt, heldUntil },
      values: () => ({
        refnum,
        referralId,
        userId,
        side,
        amountCents: REFERRAL_REWARD_CENTS,
        windowEndsAt,
        heldUntil,
        createdAt: now,
        updatedAt: now,
      }),
      now,
    });
  }
  if (event === 'wait') {
    const payload: ReleasePayload = { referralId };
    await queueJobIn(tx, REWARD_RELEASE_JOB, payload, { at: heldUntil, key: `referral-release:${referralId}` });
  }
}

/** Both sides are told: in-app now, pushed and mailed by the notice delivery job within a minute. */
export async function tellGranted(tx: Db, inviterId: number, friendName: string, friendId: number, only?: RewardSide) {
  if (only !== 'friend') await notify(tx, [inviterId], rewardNotices.inviterGranted(friendName), MY_REWARDS);
  if (only !== 'inviter') await notify(tx, [friendId], rewardNotices.friendGranted, MY_REWARDS);
}
