import { ApiError } from '@yardly/shared/client';
import type { OrganisationHome } from '@yardly/shared/contract';
import { isOrgName } from '@yardly/shared/rules';
import { serverApi } from './api';
import { logFailure } from './log-failure';

/** An organisation's pages' load states: found, unknown (the not-found page, 404) or the api failed. */
export type OrganisationLoad = { kind: 'found'; home: OrganisationHome } | { kind: 'missing' } | { kind: 'error' };

/**
 * The B2B organisation of a `/client/{orgName}` address (`GET /svc/client/{orgName}`, public):
 * anything that cannot be an orgName, and a name the api does not know, is missing.
 */
export async function loadOrganisation(orgName: string | undefined): Promise<OrganisationLoad> {
  if (!orgName || !isOrgName(orgName)) return { kind: 'missing' };
  try {
    return { kind: 'found', home: await serverApi().organisations.home({ orgName }) };
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 404) return { kind: 'missing' };
    logFailure(`storefront: could not load the organisation ${orgName}:`, cause);
    return { kind: 'error' };
  }
}

/** What the member's pages hand their islands of the organisation: who it is and its refnum for the calls. */
export type MarketplaceOrganisation = Pick<OrganisationHome, 'orgName' | 'orgRefnum' | 'name' | 'commissionWaived'>;

export function marketplaceOf(home: OrganisationHome): MarketplaceOrganisation {
  return { orgName: home.orgName, orgRefnum: home.orgRefnum, name: home.name, commissionWaived: home.commissionWaived };
}

/** The HTTP status of an organisation's page: an unknown organisation is not found. */
export function organisationStatus(load: OrganisationLoad): number {
  return load.kind === 'found' ? 200 : load.kind === 'missing' ? 404 : 502;
}

/** A `/client/{orgName}/…` page's organisation (its address's), with the page's status set by it. */
export async function loadOrganisationPage(page: {
  params: Record<string, string | undefined>;
  response: { status: number };
}): Promise<OrganisationLoad> {
  const load = await loadOrganisation(page.params.orgName);
  page.response.status = organisationStatus(load);
  return load;
}
