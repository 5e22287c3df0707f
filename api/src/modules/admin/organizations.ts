import {
  adminMessages,
  type OrganizationRecord,
  organisationSlug,
  organizationInputSchema,
  organizationSchema,
} from '@yardly/shared/contract';
import { notices } from '@yardly/shared/rules';
import { and, count, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { organizations, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { notify } from './notify';
import { containing, filterText, type ListParams, pageRows, type ResourceDef, refnumId } from './rest-adapter';

type Input = z.infer<typeof organizationInputSchema>;

// Spelled with aliases: drizzle leaves columns unqualified in a one-table select.
const memberCount =
  sql<number>`(select count(*) from ${users} m where m.organization_id = ${organizations}.id)`.mapWith(Number);
const fields = {
  id: organizations.refnum,
  name: organizations.name,
  status: organizations.status,
  isB2B: organizations.isB2B,
  memberCount,
  createdAt: organizations.createdAt,
};
const SORTABLE = {
  id: organizations.id,
  name: organizations.name,
  status: organizations.status,
  isB2B: organizations.isB2B,
  createdAt: organizations.createdAt,
  memberCount,
};

function select(db: Db) {
  return db.select(fields).from(organizations);
}

function toRecord(row: Awaited<ReturnType<typeof select>>[number]): OrganizationRecord {
  return { ...row, slug: organisationSlug(row.name), createdAt: row.createdAt.toISOString() };
}

/** Names are addresses (`/client/{orgName}`): two that differ only in case or spacing clash. */
async function assertNameFree(tx: Db, name: string, exceptRefnum?: string) {
  const slug = organisationSlug(name);
  const clash = await tx
    .select({ n: count() })
    .from(organizations)
    .where(
      and(
        sql`regexp_replace(lower(trim(${organizations.name})), '[[:space:]-]+', '-', 'g') = ${slug}`,
        exceptRefnum ? ne(organizations.refnum, exceptRefnum) : undefined,
      ),
    );
  if ((clash[0]?.n ?? 0) > 0) throw new AppError(409, adminMessages.organisationNameTaken, { field: 'name' });
}

async function oneOrg(db: Db, refnum: string | number) {
  const [row] = await select(db).where(eq(organizations.refnum, String(refnum)));
  return row ? toRecord(row) : undefined;
}

/**
 * Organisations (companies). A status change reaches members at their next request (the
 * caller is read from the database on every call) and is announced to them in-app.
 */
export const organizationsResource: ResourceDef<OrganizationRecord, Input> = {
  name: 'organizations',
  record: organizationSchema,
  parseId: refnumId,
  async list(db: Db, p: ListParams) {
    const where: (SQL | undefined)[] = [];
    const q = filterText(p, 'q');
    if (q) where.push(ilike(organizations.name, containing(q)));
    const status = filterText(p, 'status');
    if (status) where.push(sql`${organizations.status}::text = ${status}`);
    if (p.ids) where.push(inArray(organizations.refnum, p.ids.map(String)));
    const { rows, total } = await pageRows(db, p, {
      query: select(db).$dynamic(),
      where,
      sortable: SORTABLE,
      tiebreak: organizations.id,
    });
    return { rows: rows.map(toRecord), total };
  },
  one: oneOrg,
  create: {
    input: organizationInputSchema,
    async run(tx, input) {
      await assertNameFree(tx, input.name);
      const [row] = await tx
        .insert(organizations)
        .values({ ...input, refnum: newRefnum('organization') })
        .returning({ refnum: organizations.refnum });
      const record = row && (await oneOrg(tx, row.refnum));
      if (!record) throw new Error('no organisation written');
      return record;
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
      if (input.name !== before.name) await assertNameFree(tx, input.name, before.refnum);
      await tx.update(organizations).set(input).where(eq(organizations.id, before.id));
      if (input.status !== before.status) {
        const members = await tx.select({ id: users.id }).from(users).where(eq(users.organizationId, before.id));
        await notify(
          tx,
          members.map((m) => m.id),
          notices.organisationStatus(input.name, input.status),
        );
      }
      const record = await oneOrg(tx, before.refnum);
      if (!record) throw new Error('organisation vanished');
      return record;
    },
  },
};
