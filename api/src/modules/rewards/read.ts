import type { RewardsSummary } from '@yardly/shared/contract';
import { normaliseEmail, type ReferralStatus } from '@yardly/shared/rules';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import {
  ledgerEntries,
  ledgerTransactions,
  listings,
  orders,
  referralInvites,
  referrals,
  rewards,
  users,
} from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { rewardsAccount } from '../ledger/accounts';
import { balanceOf } from '../ledger/ledger';
import { friendNameOf, rewardHistoryLine } from './memos';

/** Where a joined friend stands, by their referral and the inviter's reward for it. */
function statusOf(listed: boolean, inviterReward: string | null): ReferralStatus {
  if (inviterReward === 'reversed') return 'reversed';
  if (inviterReward === 'granted') return 'rewarded';
  return listed ? 'listed' : 'joined';
}

/**
 * /myrewards (issue 22): the balance the ledger holds for the caller, what is held (72 hours, or for review),
 * what they ever earned, their rewards account's movements by page (newest first), and the
 * friends they invited or brought, each once.
 */
export async function rewardsSummary(db: Db, caller: Caller, page: { page: number; size: number }) {
  const account = rewardsAccount(caller.userId);
  const [balance, [totals], [count], content, brought, invites] = await Promise.all([
    balanceOf(db, account),
    db
      .select({
        pending: sql<string>`coalesce(sum(${rewards.amountCents}) filter (where ${rewards.state} in ('pending', 'held')), 0)`,
        lifetime: sql<string>`coalesce(sum(${rewards.amountCents}) filter (where ${rewards.state} = 'granted'), 0)`,
      })
      .from(rewards)
      .where(eq(rewards.userId, caller.userId)),
    db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(eq(ledgerEntries.account, account)),
    db
      .select({
        amount: ledgerEntries.amountCents,
        kind: ledgerTransactions.kind,
        memo: ledgerTransactions.memo,
        listingTitle: listings.title,
        at: ledgerTransactions.at,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      // An order's entry (spent, given back) is read by its listing's title.
      .leftJoin(orders, eq(orders.id, ledgerTransactions.orderId))
      .leftJoin(listings, eq(listings.id, orders.listingId))
      .where(eq(ledgerEntries.account, account))
      .orderBy(desc(ledgerEntries.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db
      .select({
        email: users.email,
        nameFirst: users.nameFirst,
        nameLast: users.nameLast,
        listed: sql<boolean>`${referrals.firstListingId} is not null`,
        inviterReward: rewards.state,
      })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referredId))
      .leftJoin(rewards, and(eq(rewards.referralId, referrals.id), eq(rewards.side, 'inviter')))
      .where(eq(referrals.referrerId, caller.userId))
      .orderBy(asc(referrals.id)),
    db
      .select({ email: referralInvites.email, normalised: referralInvites.emailNormalised })
      .from(referralInvites)
      .where(eq(referralInvites.inviterId, caller.userId))
      .orderBy(asc(referralInvites.id)),
  ]);
  const joined = new Set(brought.map((b) => normaliseEmail(b.email)));
  const waiting = new Map<string, string>();
  for (const invite of invites) if (!joined.has(invite.normalised)) waiting.set(invite.normalised, invite.email);
  const summary: RewardsSummary = {
    balance,
    pending: Number(totals?.pending ?? 0),
    lifetime: Number(totals?.lifetime ?? 0),
    entries: {
      content: content.map((e) => ({ amount: e.amount, description: rewardHistoryLine(e), at: e.at.toISOString() })),
      number: page.page,
      size: page.size,
      totalElements: count?.n ?? 0,
    },
    referrals: [
      ...brought.map((b) => ({
        friendName: friendNameOf(b.nameFirst, b.nameLast),
        status: statusOf(b.listed, b.inviterReward),
      })),
      ...[...waiting.values()].map((email) => ({ friendName: email, status: 'invited' as const })),
    ],
  };
  return summary;
}

/**
 * The newest reward the caller earned (a grant, or a held one approved: kind 'reward'), which
 * the 'reward card' greets them with once, on whatever page they next open.
 */
export async function latestReward(db: Db, caller: Caller) {
  const [newest] = await db
    .select({ amount: ledgerEntries.amountCents, description: ledgerTransactions.memo, at: ledgerTransactions.at })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.account, rewardsAccount(caller.userId)),
        eq(ledgerTransactions.kind, 'reward'),
        gt(ledgerEntries.amountCents, 0),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return {
    reward: newest
      ? {
          amount: newest.amount,
          description: rewardHistoryLine({ kind: 'reward', memo: newest.description, listingTitle: null }),
          at: newest.at.toISOString(),
        }
      : null,
  };
}
