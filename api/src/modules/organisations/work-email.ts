import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { organizations, users, workEmailDomains } from '../../db/schema/index';
import { SYSTEM, start } from '../../process/transition';
import type { OrganisationReactions } from './reactions';
import type { OrganisationRunner } from './verification';

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

/** A colleague's confirmation claimed the domain first: the organisation this one registered is undone. */
class DomainTaken extends Error {}

/**
 * The organisation a confirmed work domain belongs to; an unknown domain registers a new one
 * (the organisation process's `register`, by the platform: IN_REVIEW, with its log row). Only
 * ever called once a code sent to that domain came back: a request alone creates nothing an
 * admin must clear away.
 */
async function organisationForDomain(
  tx: Db,
  runner: OrganisationRunner,
  domain: string,
  now: Date,
): Promise<Organization> {
  const known = await knownOrganisation(tx, domain);
  if (known) return known;
  // In a savepoint: when a colleague's confirmation claimed the domain meanwhile, the organisation
  // and its log row go back together, and this one joins theirs (no orphan, no stray history).
  const registered = await tx
    .transaction(async (attempt) => {
      const { subjectId } = await start(attempt, runner, 'register', SYSTEM, {
        facts: {},
        values: () => ({ refnum: newRefnum('organization'), name: nameFromDomain(domain) }),
        now,
      });
      // Colleagues on the same domain join the same organisation; an admin reviews it.
      const [claimed] = await attempt
        .insert(workEmailDomains)
        .values({ domain, organizationId: subjectId })
        .onConflictDoNothing()
        .returning();
      if (!claimed) throw new DomainTaken();
      return subjectId;
    })
    .catch((error: unknown) => {
      if (error instanceof DomainTaken) return undefined;
      throw error;
    });
  const [created] = registered
    ? await tx.select().from(organizations).where(eq(organizations.id, registered))
    : [await knownOrganisation(tx, domain)];
  if (!created) throw new Error(`the domain ${domain} has no organisation`);
  return created;
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

/** Files a proven work email: one function for the work-email verification and for auth's landing-page sign-up. */
export type RecordWorkEmail = ReturnType<typeof workEmailRecorder>;

/**
 * A work mailbox proven (its code came back): the person joins the domain's organisation
 * (registered now, IN_REVIEW, if it is new), all in the caller's transaction; then the
 * capabilities built on memberships react (`reactions`: the organisation marketplace's welcome
 * credit to a new verified member of a B2B one, issue 23, and the offers a membership elsewhere
 * left open). The one path for the work-email verification and for a sign-up from an
 * organisation's landing page.
 */
export function workEmailRecorder(runner: OrganisationRunner, reactions: OrganisationReactions) {
  return async (tx: Db, userId: number, workEmail: string, domain: string, now: Date) => {
    const org = await organisationForDomain(tx, runner, domain, now);
    const [user] = await tx
      .update(users)
      .set({ workEmail: workEmail.trim(), organizationId: org.id, isProfessionVerified: true })
      .where(eq(users.id, userId))
      .returning();
    if (user) await reactions.workEmailRecorded(tx, userId, now);
    return { org, user };
  };
}
