/** What a seller's company status allows (spec sections 1, 4 and 6). */

export const ORGANISATION_STATUSES = ['VERIFIED', 'IN_REVIEW', 'REJECTED'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

export type OrganisationAccess = 'full' | 'limited' | 'none';

export const organisationStatusMessages = {
  IN_REVIEW:
    "We currently don't have your company in our directory. Our representative is actively working on adding the company to our directory in the next 48 hours. Until then your account has limited access.",
  REJECTED:
    'We’re unable to support your company at this time. Feel free to verify using a different work email by updating it in Account Settings.',
} as const;

const ACCESS: Record<OrganisationStatus, OrganisationAccess> = {
  VERIFIED: 'full',
  IN_REVIEW: 'limited',
  REJECTED: 'none',
};

/** VERIFIED is allowed, IN_REVIEW gets limited access, REJECTED none. */
export function organisationAccess(status: OrganisationStatus): OrganisationAccess {
  return ACCESS[status];
}

/** The message to show a member for their company's status; null when there is nothing to say. */
export function organisationStatusMessage(status: OrganisationStatus): string | null {
  return status === 'VERIFIED' ? null : organisationStatusMessages[status];
}
