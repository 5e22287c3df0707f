import { isOrgName } from '@yardly/shared/rules';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { organizations, workEmailDomains } from '../../db/schema/index';
import { organisationSlugSql } from '../organisations/slug';

/** An unknown name, or an organisation that is not VERIFIED and B2B: the landing's 404, the sign-up's 400. */
export const NO_MARKETPLACE = 'There is no organisation marketplace by this name';

export type B2BOrganisation = typeof organizations.$inferSelect;

/**
 * The organisation whose marketplace lives at `/client/{orgName}`: VERIFIED and B2B, or
 * undefined (an unknown name, or an organisation without a marketplace).
 */
export async function b2bOrganisationNamed(db: Db, orgName: string): Promise<B2BOrganisation | undefined> {
  if (!isOrgName(orgName)) return undefined;
  const [org] = await db
    .select()
    .from(organizations)
    .where(and(eq(organisationSlugSql, orgName), eq(organizations.status, 'VERIFIED'), eq(organizations.isB2B, true)));
  return org;
}

/** The work-email domains that make a member of an organisation, in order. */
export async function domainsOf(db: Db, organizationId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: workEmailDomains.domain })
    .from(workEmailDomains)
    .where(eq(workEmailDomains.organizationId, organizationId))
    .orderBy(asc(workEmailDomains.domain));
  return rows.map((row) => row.domain);
}
