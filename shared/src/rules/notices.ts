import { type OrganisationStatus, organisationStatusMessage } from './organisation';

/** The in-app notices the back office sends (shown on /notifications). */
export const notices = {
  organisationStatus(name: string, status: OrganisationStatus): string {
    const said = organisationStatusMessage(status);
    return said ? `${name}: ${said}` : `${name} is now verified: your account has full access.`;
  },
  reportResolved(listingTitle: string, removed: boolean): string {
    return removed
      ? `Thank you for your report about “${listingTitle}”: we removed the listing.`
      : `Thank you for your report about “${listingTitle}”: we reviewed it and took no action.`;
  },
} as const;
