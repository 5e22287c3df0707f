import type { OrganisationStatus } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';

/** An organisation's standing as the marketplace reads it: its verification and its B2B flag. */
export interface OrganisationStanding {
  status: OrganisationStatus;
  isB2B: boolean;
}

/**
 * What the capabilities built on organisations do when a change that is no transition of the
 * organisation process happens (ADR 0070): a person's work email moves them into an organisation
 * (and perhaps out of another), or the console flips an organisation's B2B flag. A verification
 * change is a transition: those react by `registry.onTransition(organisationProcess, …)`. The app
 * passes the organisation marketplace's functions in (ADR 0062), so this module imports none.
 */
export interface OrganisationReactions {
  /** A proven work email put `userId` in an organisation, in the transaction that did. */
  workEmailRecorded(tx: Db, userId: number, now: Date): Promise<void>;
  /** The console changed an organisation's B2B flag (its verification as it was before any event of the same edit). */
  b2bChanged(tx: Db, organizationId: number, before: OrganisationStanding, after: OrganisationStanding): Promise<void>;
}
