import { REWARD_SIDES, REWARD_STATES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { referrals } from './referrals';
import { users } from './users';

/** Where a reward is in its life (`shared/src/rules/rewards.ts`); only the process layer changes it. */
export const rewardState = pgEnum('reward_state', REWARD_STATES);
export const rewardSide = pgEnum('reward_side', REWARD_SIDES);

/**
 * A referral reward (issue 22): one per side of a referral (unique), written when the friend's
 * first listing is published. Its money is in the ledger (promotions → `rewards:<user>`), moved
 * by the transaction that grants, approves or reverses it; this row says where it stands.
 */
export const rewards = pgTable(
  'rewards',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    referralId: reference('referral_id', () => referrals.id).notNull(),
    userId: reference('user_id', () => users.id).notNull(),
    side: rewardSide('side').notNull(),
    state: rewardState('state').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Until then a report that removes the first listing reverses it (7 days after its publishing). */
    windowEndsAt: at('window_ends_at').notNull(),
    /** Until then it is held (issue 34: 72 hours after the first listing) and moves no money; null: never held. */
    heldUntil: at('held_until'),
    decidedBy: reference('decided_by', () => users.id),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('rewards_referral_side_idx').on(t.referralId, t.side),
    index('rewards_user_idx').on(t.userId, t.createdAt.desc()),
    index('rewards_state_idx').on(t.state),
    check('rewards_amount_check', sql`amount_cents > 0`),
  ],
);

/** Invitation emails sent (issue 22): the daily limit counts them, /myrewards lists who has not joined. */
export const referralInvites = pgTable(
  'referral_invites',
  {
    id: id(),
    inviterId: reference('inviter_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    email: text('email').notNull(),
    /** `normaliseEmail(email)`: one friend invited twice is listed once. */
    emailNormalised: text('email_normalised').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('referral_invites_inviter_idx').on(t.inviterId, t.createdAt.desc())],
);

/**
 * Addresses that asked, from an invitation's link, never to be invited again (issue 34): no
 * member's invitation goes to them from then on. Keyed by `normaliseEmail`.
 */
export const inviteRefusals = pgTable('invite_refusals', {
  emailNormalised: text('email_normalised').primaryKey(),
  refusedAt: at('refused_at').notNull(),
});
