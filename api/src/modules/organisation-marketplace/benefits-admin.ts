import {
  type EmployeeBenefitRecord,
  employeeBenefitInputSchema,
  employeeBenefitRecordSchema,
  organisationSlug,
} from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { organizations } from '../../db/schema/index';
import { boolFilter, defineResource, searchFilter } from '../../http/console/define-resource';
import { b2bRow, isB2BRow } from './b2b-organisations';

function select(db: Db) {
  return db
    .select({
      id: organizations.refnum,
      name: organizations.name,
      commissionWaived: organizations.commissionWaived,
      welcomeCreditCents: organizations.welcomeCreditCents,
      updatedAt: organizations.benefitsUpdatedAt,
    })
    .from(organizations)
    .innerJoin(b2bRow, isB2BRow);
}

function toRecord({ updatedAt, ...row }: Awaited<ReturnType<typeof select>>[number]): EmployeeBenefitRecord {
  return { ...row, orgName: organisationSlug(row.name), updatedAt: updatedAt?.toISOString() ?? null };
}

/**
 * The console's `/employee_benefit` (issue 23): what each B2B organisation gives its members, the
 * commission waived on sales between them (orders read it at checkout) and a welcome credit for
 * each newly verified member (welcome-credit.ts). A change is stamped with the clock's time.
 */
export function employeeBenefitResource(deps: { clock: Clock }) {
  return defineResource({
    name: 'employee-benefit',
    record: employeeBenefitRecordSchema,
    id: { column: organizations.refnum, kind: 'refnum' },
    select,
    toRecord,
    sortable: {
      name: organizations.name,
      commissionWaived: organizations.commissionWaived,
      welcomeCreditCents: organizations.welcomeCreditCents,
      updatedAt: organizations.benefitsUpdatedAt,
    },
    filters: {
      q: searchFilter({ contains: [organizations.name] }),
      commissionWaived: boolFilter((waived) => eq(organizations.commissionWaived, waived)),
    },
    update: {
      input: employeeBenefitInputSchema,
      async run(tx, id, input) {
        await tx
          .update(organizations)
          .set({ ...input, benefitsUpdatedAt: deps.clock.now() })
          .where(eq(organizations.refnum, String(id)));
      },
    },
  });
}
