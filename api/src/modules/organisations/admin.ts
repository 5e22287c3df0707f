import {
  type OrganizationRecord,
  organisationSlug,
  organizationInputSchema,
  organizationSchema,
} from '@yardly/shared/contract';
import {
  eventsFor,
  organisationConsoleMessages,
  organisationFlowMessages,
  organisationProcess,
} from '@yardly/shared/rules';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { organizations, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { defineResource, searchFilter, textFilter } from '../../http/console/define-resource';
import { start } from '../../process/transition';
import type { OrganisationReactions } from './reactions';
import { organisationSlugSql } from './slug';
import { eventTo, type OrganisationRunner, takeOrganisationEvent } from './verification';

// Spelled with aliases: drizzle leaves columns unqualified in a one-table select.
const memberCount =
  sql<number>`(select count(*) from ${users} m where m.organization_id = ${organizations}.id)`.mapWith(Number);

/** Names are addresses (`/client/{orgName}`): two that differ only in case or spacing clash. */
async function assertNameFree(tx: Db, name: string, exceptRefnum?: string) {
  const slug = organisationSlug(name);
  const clash = await tx
    .select({ n: count() })
    .from(organizations)
    .where(and(eq(organisationSlugSql, slug), exceptRefnum ? ne(organizations.refnum, exceptRefnum) : undefined));
  if ((clash[0]?.n ?? 0) > 0)
    throw new AppError(409, organisationConsoleMessages.organisationNameTaken, { field: 'name' });
}

/**
 * A marketplace of its own (`/client/{orgName}`, issue 23) is opened only for an organisation the
 * console verified. A B2B organisation that is then put in review or rejected keeps the flag: its
 * marketplace closes at once all the same (membership asks for VERIFIED), and opens again with it.
 */
function assertB2BAllowed(input: { isB2B: boolean; status: string }, before?: { isB2B: boolean }) {
  if (input.isB2B && !before?.isB2B && input.status !== 'VERIFIED') {
    throw AppError.badRequest(organisationFlowMessages.b2bNeedsVerified, 'isB2B');
  }
}

/**
 * Organisations (companies). Their verification is the organisation process (ADR 0070): a
 * console button names its event (`event`), a form's other status is the event that leads there;
 * either is one transition with its log row, refused with 409 and the table's reason. A change
 * reaches members at their next request (the caller is read from the database on every call)
 * and is announced to them in-app (the table's `tellMembers`).
 */
export function organizationsResource(deps: {
  runner: OrganisationRunner;
  clock: Clock;
  reactions: OrganisationReactions;
}) {
  const { runner, clock, reactions } = deps;
  return defineResource({
    name: 'organizations',
    record: organizationSchema,
    id: { column: organizations.refnum, kind: 'refnum' },
    select: (db: Db) =>
      db
        .select({
          id: organizations.refnum,
          name: organizations.name,
          status: organizations.status,
          isB2B: organizations.isB2B,
          kind: organizations.kind,
          memberCount,
          createdAt: organizations.createdAt,
        })
        .from(organizations),
    sortable: {
      name: organizations.name,
      status: organizations.status,
      isB2B: organizations.isB2B,
      kind: organizations.kind,
      createdAt: organizations.createdAt,
      memberCount,
    },
    filters: {
      q: searchFilter({ contains: [organizations.name] }),
      status: textFilter((status) => sql`${organizations.status}::text = ${status}`),
      kind: textFilter((kind) => sql`${organizations.kind}::text = ${kind}`),
    },
    toRecord: (row): OrganizationRecord => ({
      ...row,
      slug: organisationSlug(row.name),
      actions: eventsFor(organisationProcess, row.status, 'admin', {}),
      createdAt: row.createdAt.toISOString(),
    }),
    create: {
      input: organizationInputSchema,
      /** Registered by the admin (in review), then the event to the status the form chose. */
      async run(tx, input, ctx) {
        assertB2BAllowed(input);
        await assertNameFree(tx, input.name);
        const refnum = newRefnum('organization');
        const admin = { userId: ctx.actorId, role: 'admin' } as const;
        const now = clock.now();
        const registered = await start(tx, runner, 'register', admin, {
          facts: {},
          values: () => ({ refnum, name: input.name, isB2B: input.isB2B, kind: input.kind }),
          now,
        });
        const event = eventTo(registered.to, input.status);
        if (event)
          await takeOrganisationEvent(
            tx,
            runner,
            { id: registered.subjectId, status: registered.to },
            event,
            admin,
            now,
          );
        return refnum;
      },
    },
    update: {
      input: organizationInputSchema,
      async run(tx, id, input, ctx) {
        const [before] = await tx
          .select()
          .from(organizations)
          .where(eq(organizations.refnum, String(id)))
          .for('update');
        if (!before) throw AppError.notFound('There is no such record in organizations');
        const event = input.event ?? eventTo(before.status, input.status);
        const status = event ? organisationProcess.events[event].to : before.status;
        assertB2BAllowed({ ...input, status }, before);
        if (input.name !== before.name) await assertNameFree(tx, input.name, before.refnum);
        // The fields first (the members' notice names the new name), the verification through its process.
        await tx
          .update(organizations)
          .set({ name: input.name, isB2B: input.isB2B, kind: input.kind })
          .where(eq(organizations.id, before.id));
        if (input.isB2B !== before.isB2B) {
          await reactions.b2bChanged(tx, before.id, before, { status: before.status, isB2B: input.isB2B });
        }
        if (event) {
          await takeOrganisationEvent(tx, runner, before, event, { userId: ctx.actorId, role: 'admin' }, clock.now());
        }
      },
    },
  });
}
