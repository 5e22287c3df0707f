import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { organizations, users, workEmailDomains } from '../../db/schema/index';
import { onMembershipLost } from '../organisation-marketplace/leaving';
import { grantWelcomeCredit } from '../organisation-marketplace/welcome-credit';

type Organization = typeof organizations.$inferSelect;

/** The organisation a work domain belongs to, if one does. */
export async function knownOrganisation(db: Db, domain: string): Promise<Organization | undefined> {
  const [known] = await db
    .select({ org: organizations })
    .from(workEmailDomains)
    .innerJoin(organizations, eq(organizations.id, workEmailDomains.organizationId))
    .where(eq(workEmailDomains.domain, domain));
  return known?.org;
}

/**
 * The organisation a confirmed work domain belongs to; an unknown domain makes a new one,
 * IN_REVIEW. Only ever called once a code sent to that domain came back: a request alone
 * creates nothing an admin must clear away.
 */
async function organisationForDomain(tx: Db, domain: string): Promise<Organization> {
  const known = await knownOrganisation(tx, domain);
  if (known) return known;
  const [created] = await tx
    .insert(organizations)
    .values({ refnum: newRefnum('organization'), name: nameFromDomain(domain), status: 'IN_REVIEW' })
    .returning();
  if (!created) throw new Error('no organisation written');
  // Colleagues on the same domain join the same organisation; an admin reviews it.
  const [claimed] = await tx
    .insert(workEmailDomains)
    .values({ domain, organizationId: created.id })
    .onConflictDoNothing()
    .returning();
  if (claimed) return created;
  // A colleague's confirmation claimed the domain meanwhile: join theirs, leave no orphan.
  await tx.delete(organizations).where(eq(organizations.id, created.id));
  const theirs = await knownOrganisation(tx, domain);
  if (!theirs) throw new Error(`the domain ${domain} has no organisation`);
  return theirs;
}

/** 'acme-health.org' → 'Acme Health': a starting name an admin can correct. */
export function nameFromDomain(domain: string): string {
  const label = domain.split('.').slice(-2, -1)[0] ?? domain;
  return label
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * A work mailbox proven (its code came back): the person joins the domain's organisation (made
 * now, IN_REVIEW, if it is new) and, becoming a verified member of a B2B one, gets its welcome
 * credit (issue 23), all in the caller's transaction. The one path for the work-email
 * verification and for a sign-up from an organisation's landing page.
 */
export async function recordWorkEmail(tx: Db, userId: number, workEmail: string, domain: string, now: Date) {
  const org = await organisationForDomain(tx, domain);
  const [user] = await tx
    .update(users)
    .set({ workEmail: workEmail.trim(), organizationId: org.id, isProfessionVerified: true })
    .where(eq(users.id, userId))
    .returning();
  if (user) await grantWelcomeCredit(tx, userId, now);
  // A new work email may end a membership elsewhere: the offers it leaves open are cancelled.
  await onMembershipLost(tx, userId);
  return { org, user };
}
