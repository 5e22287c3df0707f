import { type AdminRewardRecord, adminRewardDecisionSchema, adminRewardRecordSchema } from '@yardly/shared/contract';
import { eventsFor, rewardProcess } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { listings, referrals, rewards, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { defineResource, searchFilter, textFilter } from '../../http/console/define-resource';
import { processHistories } from '../../process/history';
import { postRewardGranted } from '../ledger/reward-postings';
import { tellGranted } from './grant';
import { friendNameById, rewardMemo } from './memos';
import { takeRewardEvent } from './process';

const payees = alias(users, 'reward_payee');
const inviters = alias(users, 'reward_inviter');
const friends = alias(users, 'reward_friend');
const deciders = alias(users, 'reward_decider');

function selectRewards(db: Db) {
  return db
    .select({
      row: rewards,
      userEmail: payees.email,
      inviterEmail: inviters.email,
      inviterId: referrals.referrerId,
      friendEmail: friends.email,
      friendId: referrals.referredId,
      listingRefnum: listings.refnum,
      listingTitle: listings.title,
      decidedBy: deciders.email,
    })
    .from(rewards)
    .innerJoin(referrals, eq(referrals.id, rewards.referralId))
    .innerJoin(payees, eq(payees.id, rewards.userId))
    .innerJoin(inviters, eq(inviters.id, referrals.referrerId))
    .innerJoin(friends, eq(friends.id, referrals.referredId))
    .leftJoin(listings, eq(listings.id, referrals.firstListingId))
    .leftJoin(deciders, eq(deciders.id, rewards.decidedBy));
}

type RewardConsoleRow = Awaited<ReturnType<typeof selectRewards>>[number];

async function toRewardRecords(db: Db, rows: RewardConsoleRow[], now: Date): Promise<AdminRewardRecord[]> {
  if (rows.length === 0) return [];
  const historyOf = await processHistories(
    db,
    rewardProcess.name,
    rows.map((r) => r.row.id),
  );
  return rows.map(({ row, ...r }) => ({
    id: row.refnum,
    status: row.state,
    statusLabel: rewardProcess.states[row.state].label,
    side: row.side,
    amount: row.amountCents,
    userEmail: r.userEmail,
    inviterEmail: r.inviterEmail,
    friendEmail: r.friendEmail,
    listingRefnum: r.listingRefnum,
    listingTitle: r.listingTitle,
    heldUntil: row.heldUntil?.toISOString() ?? null,
    decidedBy: r.decidedBy,
    windowEndsAt: row.windowEndsAt.toISOString(),
    // The guards read the clock: approving one held for review waits for its hours to pass.
    actions: eventsFor(rewardProcess, row.state, 'admin', {
      at: now,
      windowEndsAt: row.windowEndsAt,
      heldUntil: row.heldUntil,
    }),
    history: historyOf.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * The console's Rewards (issue 22): every referral reward with its referral, filtered by status
 * (the held ones wait for review) or by person. Approving a held reward grants it (its ledger
 * entry and the person told); refusing ends it; voiding ends one still in its 72-hour hold
 * (issue 34: referral farming), moving no money. All are edits (ROLE_ADMIN only by the role
 * matrix), so the adapter writes them to the audit log with the reward before and after.
 */
export function rewardsResource(deps: { clock: Clock }) {
  return defineResource({
    name: 'rewards',
    record: adminRewardRecordSchema,
    id: { column: rewards.refnum, kind: 'refnum' },
    select: selectRewards,
    sortable: { createdAt: rewards.createdAt, updatedAt: rewards.updatedAt, status: rewards.state },
    filters: {
      q: searchFilter({ equals: [rewards.refnum], contains: [payees.email, inviters.email, friends.email] }),
      status: textFilter((status) => sql`${rewards.state}::text = ${status}`),
      // The farming view's link: one inviter's referrals' rewards (both sides).
      inviter: textFilter((refnum) => eq(inviters.refnum, refnum)),
    },
    toRecords: (db, rows) => toRewardRecords(db, rows, deps.clock.now()),
    update: {
      input: adminRewardDecisionSchema,
      async run(tx, id, input, ctx) {
        const now = deps.clock.now();
        const [row] = await tx
          .select({ reward: rewards, inviterId: referrals.referrerId, friendId: referrals.referredId })
          .from(rewards)
          .innerJoin(referrals, eq(referrals.id, rewards.referralId))
          .where(eq(rewards.refnum, String(id)))
          .for('update', { of: rewards });
        if (!row) throw AppError.notFound('There is no such record in rewards');
        const actor = { userId: ctx.actorId, role: 'admin' as const };
        await takeRewardEvent(tx, row.reward, input.decision, actor, now);
        if (input.decision === 'approve') {
          const friendName = await friendNameById(tx, row.friendId);
          const memo = rewardMemo(row.reward.side, friendName, row.reward.refnum);
          await postRewardGranted(tx, { ...row.reward, memo }, now);
          await tellGranted(tx, row.inviterId, friendName, row.friendId, row.reward.side);
        }
      },
    },
  });
}
