import type { CompanyStatus } from '@yardly/shared/contract';
import { hasAdminRole, isDonationRecipient, type OrganisationKind } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { organizations, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;

/** Emails are compared without case (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function companyStatusOf(db: Db, user: UserRow): Promise<CompanyStatus | null> {
  return (await organisationOf(db, user))?.status ?? null;
}

/** The user's organisation (set by their work-email verification): its status and kind; null for none. */
export async function organisationOf(
  db: Db,
  user: Pick<UserRow, 'organizationId'>,
): Promise<{ id: number; name: string; status: CompanyStatus; kind: OrganisationKind } | null> {
  if (!user.organizationId) return null;
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name, status: organizations.status, kind: organizations.kind })
    .from(organizations)
    .where(eq(organizations.id, user.organizationId));
  return org ?? null;
}

/** Whether the user may request donations: a verified work email at a VERIFIED charity (issue 21). */
export function mayReceiveDonations(
  user: Pick<UserRow, 'workEmail'>,
  organisation: { status: CompanyStatus; kind: OrganisationKind } | null,
): boolean {
  return isDonationRecipient({
    organisationKind: organisation?.kind ?? null,
    organisationStatus: organisation?.status ?? null,
    workEmailVerified: user.workEmail !== null,
  });
}

export function isAdmin(user: Pick<UserRow, 'roles'>): boolean {
  return hasAdminRole(user.roles);
}

/** A verified professional: a confirmed work email at an organisation that is VERIFIED now. */
export function isVerifiedProfessional(
  user: Pick<UserRow, 'isProfessionVerified'>,
  status: CompanyStatus | null,
): boolean {
  return user.isProfessionVerified && status === 'VERIFIED';
}
