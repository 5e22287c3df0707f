import { workEmailDomainInputSchema, workEmailDomainSchema } from '@yardly/shared/contract';
import { organisationConsoleMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { organizations, workEmailDomains } from '../../db/schema/index';
import { refuseDuplicate } from '../../db/unique';
import { AppError } from '../../errors';
import { defineResource, searchFilter, textFilter } from '../../http/console/define-resource';

type Input = z.output<typeof workEmailDomainInputSchema>;

async function organisationIdOf(db: Db, refnum: string): Promise<number> {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.refnum, refnum));
  if (!org) throw new AppError(400, organisationConsoleMessages.organisationUnknown, { field: 'organizationId' });
  return org.id;
}

/** Writes a domain; its id. */
async function write(tx: Db, input: Input, id?: number): Promise<number> {
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
    organisationConsoleMessages.domainTaken,
  );
  if (!row) throw AppError.notFound('There is no such record in work-email-domains');
  return row.id;
}

/** Domain → organisation: what work-email verification reads. */
export const workEmailDomainsResource = defineResource({
  name: 'work-email-domains',
  record: workEmailDomainSchema,
  id: { column: workEmailDomains.id, kind: 'numeric' },
  select: (db: Db) =>
    db
      .select({ id: workEmailDomains.id, domain: workEmailDomains.domain, organizationId: organizations.refnum })
      .from(workEmailDomains)
      .innerJoin(organizations, eq(organizations.id, workEmailDomains.organizationId)),
  sortable: { domain: workEmailDomains.domain, organizationId: organizations.name },
  filters: {
    q: searchFilter({ contains: [workEmailDomains.domain] }),
    organizationId: textFilter((refnum) => eq(organizations.refnum, refnum)),
  },
  create: { input: workEmailDomainInputSchema, run: (tx, input) => write(tx, input) },
  update: {
    input: workEmailDomainInputSchema,
    async run(tx, id, input) {
      await write(tx, input, Number(id));
    },
  },
  async remove(tx, id) {
    await tx.delete(workEmailDomains).where(eq(workEmailDomains.id, Number(id)));
  },
});
