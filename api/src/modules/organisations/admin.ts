import {
  type OrganizationRecord,
  organisationSlug,
  organizationInputSchema,
  organizationSchema,
} from '@yardly/shared/contract';
import { notices, organisationConsoleMessages, organisationFlowMessages } from '@yardly/shared/rules';
import { and, count, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { organizations, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { defineResource, textFilter } from '../../http/console/define-resource';
import { containing } from '../../http/console/rest-adapter';
import { notify } from '../notifications/notify';
import { onOrganisationChanged } from '../organisation-marketplace/leaving';
import { organisationSlugSql } from '../organisation-marketplace/slug';

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
 * Organisations (companies). A status change reaches members at their next request (the
 * caller is read from the database on every call) and is announced to them in-app.
 */
export const organizationsResource = defineResource({
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
    q: textFilter((q) => ilike(organizations.name, containing(q))),
    status: textFilter((status) => sql`${organizations.status}::text = ${status}`),
    kind: textFilter((kind) => sql`${organizations.kind}::text = ${kind}`),
  },
  toRecord: (row): OrganizationRecord => ({
    ...row,
    slug: organisationSlug(row.name),
    createdAt: row.createdAt.toISOString(),
  }),
  create: {
    input: organizationInputSchema,
    async run(tx, input) {
      assertB2BAllowed(input);
      await assertNameFree(tx, input.name);
      const refnum = newRefnum('organization');
      await tx.insert(organizations).values({ ...input, refnum });
      return refnum;
    },
  },
  update: {
    input: organizationInputSchema,
    async run(tx, id, input) {
      const [before] = await tx
        .select()
        .from(organizations)
        .where(eq(organizations.refnum, String(id)));
      if (!before) throw AppError.notFound('There is no such record in organizations');
      assertB2BAllowed(input, before);
      if (input.name !== before.name) await assertNameFree(tx, input.name, before.refnum);
      await tx.update(organizations).set(input).where(eq(organizations.id, before.id));
      await onOrganisationChanged(tx, before, input);
      if (input.status !== before.status) {
        const members = await tx.select({ id: users.id }).from(users).where(eq(users.organizationId, before.id));
        await notify(
          tx,
          members.map((m) => m.id),
          notices.organisationStatus(input.name, input.status),
        );
      }
    },
  },
});
