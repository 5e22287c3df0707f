import type { ListingEvent, ListingState } from '@yardly/shared/rules';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listingReports, listings, referrals } from '../../db/schema/index';
import { queueJobIn } from '../../jobs/queue-in';
import type { Transition } from '../../process/transition';

/** The job that pays both sides of a referral whose friend just published a first listing. */
export const REWARD_GRANT_JOB = 'rewards.grant';
/** The job that reverses a referral's rewards when its first listing was removed after a report. */
export const REWARD_REVERSE_JOB = 'rewards.reverse';

/** The job that ends a referral's 72-hour hold (queued by the grant for the hold's end, release.ts). */
export const REWARD_RELEASE_JOB = 'rewards.release';

export interface ReleasePayload {
  referralId: number;
}
export interface GrantPayload {
  referralId: number;
}
export interface ReversePayload {
  listingId: number;
}

/**
 * What rewards follow in a listing's transitions (issue 22), in their transaction. Publishing:
 * the friend's first listing is written on their referral by whichever publishing comes first
 * (`first_listing_id IS NULL` in the UPDATE: a second one at the same time waits on the row and
 * then finds it written), and the grant is queued. A moderator removing a reported first listing:
 * the reversal is queued; it reads the clock and the 7-day window when it runs.
 */
export async function rewardsFollowListing(tx: Db, done: Transition<ListingState, ListingEvent>): Promise<void> {
  if (done.event === 'publish') {
    const [listing] = await tx
      .select({ sellerId: listings.sellerId })
      .from(listings)
      .where(eq(listings.id, done.subjectId));
    if (!listing) return;
    const [claimed] = await tx
      .update(referrals)
      .set({ firstListingId: done.subjectId, listedAt: done.at })
      .where(and(eq(referrals.referredId, listing.sellerId), isNull(referrals.firstListingId)))
      .returning({ id: referrals.id });
    if (claimed) {
      const payload: GrantPayload = { referralId: claimed.id };
      await queueJobIn(tx, REWARD_GRANT_JOB, payload, { at: done.at, key: `referral:${claimed.id}` });
    }
    return;
  }
  if (done.event === 'remove') {
    const [referral] = await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(eq(referrals.firstListingId, done.subjectId));
    if (!referral) return;
    const [report] = await tx
      .select({ id: listingReports.id })
      .from(listingReports)
      .where(eq(listingReports.listingId, done.subjectId))
      .limit(1);
    if (!report) return;
    const payload: ReversePayload = { listingId: done.subjectId };
    await queueJobIn(tx, REWARD_REVERSE_JOB, payload, { at: done.at, key: `listing:${done.subjectId}` });
  }
}
