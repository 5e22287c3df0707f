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

type Organization = typeof organizations.$inferSelect;

/** The organisation a work domain belongs to; an unknown domain makes a new one, IN_REVIEW. */
async function organisationForDomain(db: Db, domain: string): Promise<Organization> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ org: organizations })
      .from(workEmailDomains)
      .innerJoin(organizations, eq(organizations.id, workEmailDomains.organizationId))
      .where(eq(workEmailDomains.domain, domain));
    if (known) return known.org;
    const [created] = await tx
      .insert(organizations)
      .values({ refnum: newRefnum('organization'), name: nameFromDomain(domain), status: 'IN_REVIEW' })
      .returning();
    if (!created) throw new Error('no organisation written');
    // Colleagues on the same domain join the same organisation; an admin reviews it.
    await tx.insert(workEmailDomains).values({ domain, organizationId: created.id }).onConflictDoNothing();
    return created;
  });
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
    async sendWorkEmailCode(userId: number, workEmail: string) {
      if (isPersonalEmail(workEmail)) throw AppError.badRequest(workEmailMessages.personal, 'workEmail');
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(401, authMessages.loginRequired);
      const org = await organisationForDomain(db, emailDomain(workEmail));
      if (!(await auth.sendCode(workEmail.trim(), 'work_email', user, { userRefnum: user.refnum }))) {
        throw new AppError(429, authMessages.tooManyCodes);
      }
      return { sent: true as const, organizationName: org.name };
    },

    async confirmWorkEmail(userId: number, workEmail: string, code: string, client: ClientInfo) {
      const used = await codes.consume(workEmail, 'work_email', code);
      if (used.userId !== userId) throw AppError.badRequest(authMessages.codeExpired, 'code');
      const org = await organisationForDomain(db, emailDomain(workEmail));
      const [user] = await db
        .update(users)
        .set({ workEmail: workEmail.trim(), organizationId: org.id, isProfessionVerified: true })
        .where(eq(users.id, userId))
        .returning();
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
