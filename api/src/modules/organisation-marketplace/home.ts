import { type OrganisationHome, organisationSlug } from '@yardly/shared/contract';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { fileUrl } from '../files/urls';
import { b2bOrganisationNamed, domainsOf, NO_MARKETPLACE } from './b2b-organisation';

/** `GET /svc/client/{orgName}`: what a guest sees on a B2B organisation's landing page, or 404. */
export async function organisationHome(db: Db, orgName: string): Promise<OrganisationHome> {
  const org = await b2bOrganisationNamed(db, orgName.toLowerCase());
  if (!org) throw AppError.notFound(NO_MARKETPLACE);
  return {
    orgName: organisationSlug(org.name),
    orgRefnum: org.refnum,
    name: org.name,
    welcomeText: org.welcomeText,
    brandColor: org.brandColor,
    logoUrl: org.logoPath ? fileUrl(org.logoPath) : null,
    domains: await domainsOf(db, org.id),
    commissionWaived: org.commissionWaived,
  };
}
