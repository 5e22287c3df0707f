import {
  authMessages,
  emailDomain,
  isPersonalEmail,
  organisationStatusMessage,
  workEmailMessages,
} from '@yardly/shared/rules';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { CodeStore } from '../auth/codes';
import type { AuthService, ClientInfo } from '../auth/service';
import { findUserById } from '../auth/users';
import { knownOrganisation, nameFromDomain, type RecordWorkEmail } from './work-email';

export function organisationService(deps: {
  db: Db;
  codes: CodeStore;
  auth: AuthService;
  clock: Clock;
  recordWorkEmail: RecordWorkEmail;
}) {
  const { db, codes, auth, clock, recordWorkEmail } = deps;

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
      const { org, user } = await db.transaction((tx) => recordWorkEmail(tx, userId, workEmail, domain, clock.now()));
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
