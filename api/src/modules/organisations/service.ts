import {
  authMessages,
  emailDomain,
  isPersonalEmail,
  organisationStatusMessage,
  workEmailMessages,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { organizations, users, workEmailDomains } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { CodeStore } from '../auth/codes';
import type { AuthService, ClientInfo } from '../auth/service';
import { findUserById } from '../auth/users';
import { onMembershipLost } from '../organisation-marketplace/leaving';

type Organization = typeof organizations.$inferSelect;

/** The organisation a work domain belongs to, if one does. */
async function knownOrganisation(db: Db, domain: string): Promise<Organization | undefined> {
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
function nameFromDomain(domain: string): string {
  const label = domain.split('.').slice(-2, -1)[0] ?? domain;
  return label
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function organisationService(deps: { db: Db; codes: CodeStore; auth: AuthService }) {
  const { db, codes, auth } = deps;

  return {
    /** Mails a code to the work email; the organisation it would join waits with the code (nothing is created yet). */
    async sendWorkEmailCode(userId: number, workEmail: string, client: ClientInfo) {
      if (isPersonalEmail(workEmail)) throw AppError.badRequest(workEmailMessages.personal, 'workEmail');
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(401, authMessages.loginRequired);
      const domain = emailDomain(workEmail);
      const known = await knownOrganisation(db, domain);
      await auth.sendCode({
        email: workEmail.trim(),
        purpose: 'work_email',
        user,
        payload: { userRefnum: user.refnum, organizationDomain: domain },
        address: client.address,
      });
      return { sent: true as const, organizationName: known?.name ?? nameFromDomain(domain) };
    },

    /** The code came back: the person joins the domain's organisation, made now (IN_REVIEW) if it is new. */
    async confirmWorkEmail(userId: number, workEmail: string, code: string, client: ClientInfo) {
      const used = await codes.consume(workEmail, 'work_email', code);
      if (used.userId !== userId) throw AppError.badRequest(authMessages.codeExpired, 'code');
      const domain = used.payload?.organizationDomain ?? emailDomain(workEmail);
      const { org, user } = await db.transaction(async (tx) => {
        const org = await organisationForDomain(tx, domain);
        const [user] = await tx
          .update(users)
          .set({ workEmail: workEmail.trim(), organizationId: org.id, isProfessionVerified: true })
          .where(eq(users.id, userId))
          .returning();
        await onMembershipLost(tx, userId);
        return { org, user };
      });
      if (!user) throw new AppError(401, authMessages.loginRequired);
      return {
        ...(await auth.loginData(user, client)),
        organizationName: org.name,
        companyReviewMessage: organisationStatusMessage(org.status),
      };
    },
  };
}

export type OrganisationService = ReturnType<typeof organisationService>;
