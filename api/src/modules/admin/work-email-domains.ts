import {
  adminMessages,
  type WorkEmailDomainRecord,
  workEmailDomainInputSchema,
  workEmailDomainSchema,
} from '@yardly/shared/contract';
import { eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { organizations, workEmailDomains } from '../../db/schema/index';
import { AppError } from '../../errors';
import { containing, filterText, type ListParams, numericId, pageRows, type ResourceDef } from './rest-adapter';
import { refuseDuplicate } from './unique';

const fields = { id: workEmailDomains.id, domain: workEmailDomains.domain, organizationId: organizations.refnum };
const SORTABLE = { id: workEmailDomains.id, domain: workEmailDomains.domain, organizationId: organizations.name };

function select(db: Db) {
  return db
    .select(fields)
    .from(workEmailDomains)
    .innerJoin(organizations, eq(organizations.id, workEmailDomains.organizationId));
}

async function organisationIdOf(db: Db, refnum: string): Promise<number> {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.refnum, refnum));
  if (!org) throw new AppError(400, adminMessages.organisationUnknown, { field: 'organizationId' });
  return org.id;
}

type Input = { domain: string; organizationId: string };

async function write(tx: Db, input: Input, id?: number): Promise<WorkEmailDomainRecord> {
  const values = { domain: input.domain, organizationId: await organisationIdOf(tx, input.organizationId) };
  const [row] = await refuseDuplicate(
    () =>
      id === undefined
        ? tx.insert(workEmailDomains).values(values).returning({ id: workEmailDomains.id })
        : tx
            .update(workEmailDomains)
            .set(values)
            .where(eq(workEmailDomains.id, id))
            .returning({ id: workEmailDomains.id }),
    'domain',
    adminMessages.domainTaken,
  );
  const [record] = row ? await select(tx).where(eq(workEmailDomains.id, row.id)) : [];
  if (!record) throw AppError.notFound('There is no such record in work-email-domains');
  return record;
}

/** Domain → organisation: what work-email verification reads (organisations module). */
export const workEmailDomainsResource: ResourceDef<WorkEmailDomainRecord, Input> = {
  name: 'work-email-domains',
  record: workEmailDomainSchema,
  parseId: numericId,
  async list(db: Db, p: ListParams) {
    const where: (SQL | undefined)[] = [];
    const q = filterText(p, 'q');
    if (q) where.push(ilike(workEmailDomains.domain, containing(q)));
    const org = filterText(p, 'organizationId');
    if (org) where.push(eq(organizations.refnum, org));
    if (p.ids) where.push(inArray(workEmailDomains.id, p.ids.map(Number).filter(Number.isInteger)));
    return pageRows(db, p, { query: select(db).$dynamic(), where, sortable: SORTABLE, tiebreak: workEmailDomains.id });
  },
  async one(db, id) {
    const [row] = await select(db).where(eq(workEmailDomains.id, Number(id)));
    return row;
  },
  create: { input: workEmailDomainInputSchema, run: (tx, input) => write(tx, input) },
  update: { input: workEmailDomainInputSchema, run: (tx, id, input) => write(tx, input, Number(id)) },
  async remove(tx, id) {
    await tx.delete(workEmailDomains).where(eq(workEmailDomains.id, Number(id)));
  },
};
