import { notices, type OrganisationEvent, type OrganisationState, organisationProcess } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { organizations, users } from '../../db/schema/index';
import type { Processes } from '../../process/processes';
import { type Actor, type Transition, transition } from '../../process/transition';
import { notify } from '../notifications/notify';

/** The organisation process as the app bound it (its `status` column). */
export type OrganisationRunner = Processes['organisation'];

/**
 * The admin event that brings an organisation to `status` (verify, reject, review), for a console
 * form that names the status rather than the event; none when it stays where it is.
 */
export function eventTo(from: OrganisationState, status: OrganisationState): OrganisationEvent | undefined {
  if (status === from) return undefined;
  const events = Object.keys(organisationProcess.events) as OrganisationEvent[];
  return events.find((event) => {
    const def = organisationProcess.events[event];
    return def.to === status && def.from.length > 0;
  });
}

/**
 * Takes `event` on the organisation (its row locked by the caller) through the table: one
 * transaction with its `transitions` row, refused with 409 and the reason when the state does not
 * allow it (verify a VERIFIED one), 403 when the actor may not take it.
 */
export function takeOrganisationEvent(
  tx: Db,
  runner: OrganisationRunner,
  organisation: { id: number; status: OrganisationState },
  event: OrganisationEvent,
  actor: Actor,
  now: Date,
): Promise<Transition<OrganisationState, OrganisationEvent>> {
  return transition(tx, runner, { id: organisation.id, state: organisation.status }, event, actor, {
    facts: {},
    now,
  });
}

/**
 * `tellMembers` (the table's effect of every verification change): the members read the new
 * status in-app. Their access follows by itself: the caller is read from the database on every call.
 */
export async function tellMembers(tx: Db, done: Transition<OrganisationState, OrganisationEvent>): Promise<void> {
  const [organisation] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, done.subjectId));
  if (!organisation) return;
  const members = await tx.select({ id: users.id }).from(users).where(eq(users.organizationId, done.subjectId));
  await notify(
    tx,
    members.map((m) => m.id),
    notices.organisationStatus(organisation.name, done.to),
  );
}
