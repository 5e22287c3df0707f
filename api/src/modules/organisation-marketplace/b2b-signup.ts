import { emailDomain, organisationFlowMessages } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { b2bOrganisationNamed, domainsOf, NO_MARKETPLACE } from './b2b-organisation';

/**
 * A sign-up from `/client/{orgName}` (spec section 3, signup state isB2B and orgName): the
 * organisation must have a marketplace (400 on orgName) and the email must be at one of its
 * work-email domains (400 on email), before anything is written. Answers the organisation's
 * refnum, which waits with the verification code: using it proves the work mailbox too.
 */
export async function b2bSignupOrganisation(db: Db, email: string, orgName: string | undefined): Promise<string> {
  const org = orgName ? await b2bOrganisationNamed(db, orgName.trim().toLowerCase()) : undefined;
  if (!org) throw AppError.badRequest(NO_MARKETPLACE, 'orgName');
  const domains = await domainsOf(db, org.id);
  if (!domains.includes(emailDomain(email))) {
    throw AppError.badRequest(organisationFlowMessages.wrongDomain(org.name), 'email');
  }
  return org.refnum;
}
