import type { Db } from '../../db/connect';
import type { OrganisationReactions } from '../organisations/reactions';
import { onB2BChanged, onMembershipLost } from './leaving';
import { grantWelcomeCredit } from './welcome-credit';

/**
 * A proven work email: its person gets the welcome credit of a B2B organisation they are now a
 * verified member of (once), and the open offers a membership elsewhere left are cancelled.
 */
async function workEmailRecorded(tx: Db, userId: number, now: Date): Promise<void> {
  await grantWelcomeCredit(tx, userId, now);
  await onMembershipLost(tx, userId);
}

/**
 * The organisation marketplace's reactions to the organisation changes that are no transition
 * (ADR 0070): the app passes them to the organisations capability. Its reaction to a verification
 * change is a subscription (capability.ts).
 */
export const marketplaceReactions: OrganisationReactions = { workEmailRecorded, b2bChanged: onB2BChanged };
