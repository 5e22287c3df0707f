import { isMarketplaceMember, type OrganisationEvent, type OrganisationState } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { organizations } from '../../db/schema/index';
import { queueJobIn } from '../../jobs/queue-in';
import type { Transition } from '../../process/transition';
import type { OrganisationStanding } from '../organisations/reactions';

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

/** Whether an organisation has a marketplace: VERIFIED and B2B (what `isMarketplaceMember` asks of it). */
function hasMarketplace(organisation: OrganisationStanding): boolean {
  return isMarketplaceMember({
    workEmailVerified: true,
    organisationStatus: organisation.status,
    organisationIsB2B: organisation.isB2B,
  });
}

/** The console flipped an organisation's B2B flag: when that closed its marketplace, `onOrganisationClosed`. */
export async function onB2BChanged(
  tx: Db,
  organizationId: number,
  before: OrganisationStanding,
  after: OrganisationStanding,
): Promise<void> {
  if (hasMarketplace(before) && !hasMarketplace(after)) await onOrganisationClosed(tx, organizationId);
}

/**
 * The organisation process's subscription (ADR 0070): a B2B organisation that leaves VERIFIED
 * (rejected, or back to review) closes its marketplace, so its open offers are cancelled.
 */
export async function marketplaceFollowsVerification(
  tx: Db,
  done: Transition<OrganisationState, OrganisationEvent>,
): Promise<void> {
  if (done.from !== 'VERIFIED') return;
  const [organisation] = await tx
    .select({ isB2B: organizations.isB2B })
    .from(organizations)
    .where(eq(organizations.id, done.subjectId));
  if (organisation?.isB2B) await onOrganisationClosed(tx, done.subjectId);
}
