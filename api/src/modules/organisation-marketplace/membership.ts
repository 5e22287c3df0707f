import { organisationSlug } from '@yardly/shared/contract';
import { isMarketplaceMember } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { organizations, users } from '../../db/schema/index';

/** A person's organisation marketplace: the B2B organisation they are a verified member of. */
export interface MarketplaceMembership {
  organizationId: number;
  orgRefnum: string;
  /** The `/client/{orgName}` segment. */
  orgName: string;
  name: string;
}

/**
 * The marketplace `userId` belongs to, or null. Read from the database on every call, so a
 * member who leaves (work email changed, organisation REJECTED or no longer B2B) loses it at once.
 */
export async function marketplaceMembership(db: Db, userId: number): Promise<MarketplaceMembership | null> {
  const [row] = await db
    .select({
      workEmail: users.workEmail,
      organizationId: organizations.id,
      orgRefnum: organizations.refnum,
      name: organizations.name,
      status: organizations.status,
      isB2B: organizations.isB2B,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const member = isMarketplaceMember({
    workEmailVerified: row.workEmail !== null,
    organisationStatus: row.status,
    organisationIsB2B: row.isB2B,
  });
  if (!member) return null;
  return {
    organizationId: row.organizationId,
    orgRefnum: row.orgRefnum,
    orgName: organisationSlug(row.name),
    name: row.name,
  };
}
