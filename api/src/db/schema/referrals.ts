import { REFERRAL_BLOCKS } from '@yardly/shared/rules';
import { index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, reference } from './columns';
import { listings } from './listings';
import { users } from './users';

/** Why a referral earned nothing: the friend looked like the inviter (issue 22's abuse rules). */
export const referralBlock = pgEnum('referral_block', REFERRAL_BLOCKS);

/**
 * Who brought whom: written when someone signs up from a /refer-a-friend link. The rewards
 * issue pays both sides once the friend posts a first listing. A person is referred once.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    referrerId: reference('referrer_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    referredId: reference('referred_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    createdAt: createdAt(),
    /** The friend's first published listing: written once, by the publishing that came first (issue 22). */
    firstListingId: reference('first_listing_id', () => listings.id),
    listedAt: at('listed_at'),
    blockedReason: referralBlock('blocked_reason'),
    /**
     * The client address the friend signed up from, as a SHA-256 (issue 34): the console's
     * farming view counts a referrer's friends who share one; it is never shown.
     */
    signupAddressHash: text('signup_address_hash'),
  },
  (t) => [uniqueIndex('referrals_referred_idx').on(t.referredId), index('referrals_referrer_idx').on(t.referrerId)],
);
