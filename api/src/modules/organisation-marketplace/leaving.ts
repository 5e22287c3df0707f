import { isMarketplaceMember, type OrganisationStatus } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { queueJobIn } from '../../jobs/queue-in';

/**
 * Leaving an organisation's marketplace (issue 23, docs/decisions/0042). Access goes at once by
 * itself: membership is read on every request (`visibility.ts`), and an offer on an
 * organisation's listing can be answered, paid or countered only while both its buyer and its
 * seller are members. What is left open is ended by the platform: the offers job
 * (`offers/ended-memberships.ts`) cancels each open offer whose buyer or seller is no longer a
 * member of the listing's organisation (the offer process's system `cancel`, telling both sides),
 * one offer a transaction, re-reading the memberships when it runs. These queue it in the
 * caller's transaction, so the change and the work it leaves commit together.
 */

/** The job that cancels the open offers of ended memberships (registered by the offers capability). */
export const ENDED_MEMBERSHIPS_JOB = 'offers.cancel-for-ended-memberships';

/** Whose offers the job looks at: one person's (as buyer or seller), or every one on an organisation's listings. */
export type EndedMembership = { userId: number } | { organizationId: number };

/**
 * Due at once, whatever the clock says: the earliest time there is. (The organisation console and
 * the work-email path that call this have no clock at hand; the job reads the clock when it runs.)
 */
const AT_ONCE = new Date(0);

function queue(tx: Db, ended: EndedMembership, key: string): Promise<boolean> {
  return queueJobIn(tx, ENDED_MEMBERSHIPS_JOB, ended, { at: AT_ONCE, key });
}

/**
 * A person's membership may have ended (their work email changed, or was removed): their open
 * offers on organisations' listings they are no longer a member of, as buyer and as seller, are
 * cancelled. Safe to call on any change of work email: a person still a member keeps theirs.
 */
export async function onMembershipLost(tx: Db, userId: number): Promise<void> {
  await queue(tx, { userId }, `user:${userId}`);
}

/** An organisation's marketplace closed (REJECTED, or not B2B any more): every open offer on its listings is cancelled. */
export async function onOrganisationClosed(tx: Db, organizationId: number): Promise<void> {
  await queue(tx, { organizationId }, `organization:${organizationId}`);
}

type MarketplaceStanding = { status: OrganisationStatus; isB2B: boolean };

/** Whether an organisation has a marketplace: VERIFIED and B2B (what `isMarketplaceMember` asks of it). */
function hasMarketplace(organisation: MarketplaceStanding): boolean {
  return isMarketplaceMember({
    workEmailVerified: true,
    organisationStatus: organisation.status,
    organisationIsB2B: organisation.isB2B,
  });
}

/** The console changed an organisation: when that closed its marketplace, `onOrganisationClosed`. */
export async function onOrganisationChanged(
  tx: Db,
  before: MarketplaceStanding & { id: number },
  after: MarketplaceStanding,
): Promise<void> {
  if (hasMarketplace(before) && !hasMarketplace(after)) await onOrganisationClosed(tx, before.id);
}
