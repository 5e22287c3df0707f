/** What a seller's company status allows (spec sections 1, 4 and 6). */

export const ORGANISATION_STATUSES = ['VERIFIED', 'IN_REVIEW', 'REJECTED'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];

/**
 * What an organisation is (issue 21): a company, or a charity whose verified members may request
 * donations. The console sets it on the organisations resource.
 */
export const ORGANISATION_KINDS = ['company', 'charity'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/** A donation recipient: a member, by a verified work email, of a VERIFIED charity. */
export function isDonationRecipient(member: {
  organisationKind: OrganisationKind | null;
  organisationStatus: OrganisationStatus | null;
  workEmailVerified: boolean;
}): boolean {
  return member.workEmailVerified && member.organisationKind === 'charity' && member.organisationStatus === 'VERIFIED';
}

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

/** The tooltip of a verified professional whose organisation is VERIFIED (spec section 1). */
export const VERIFIED_TOOLTIP = 'Verified by Yardly';

/** Mailbox providers anyone can use: an address there proves no employer. */
export const PERSONAL_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
] as const;

export const workEmailMessages = {
  personal: 'Please use your work email address, not a personal one',
  limitedAccess: 'Your account has limited access until your company is verified',
} as const;

/** What the console's organisations and work-email domains refuse. */
export const organisationConsoleMessages = {
  domainTaken: 'This domain already belongs to an organisation',
  domainInvalid: 'Enter a domain such as example.com',
  organisationNameTaken: 'An organisation with this name already exists',
  organisationNameInvalid: 'Use letters, digits, spaces and hyphens only (2 to 60 characters)',
  organisationUnknown: 'Choose an existing organisation',
} as const;

/** The part after the @, lowercased. */
export function emailDomain(email: string): string {
  return email.trim().toLowerCase().split('@').pop() ?? '';
}

export function isPersonalEmail(email: string): boolean {
  return (PERSONAL_EMAIL_DOMAINS as readonly string[]).includes(emailDomain(email));
}

/**
 * Whether a member may create listings and make offers: everyone outside an organisation,
 * and members of a VERIFIED one. IN_REVIEW and REJECTED members can browse, favourite and
 * message only (spec section 4).
 */
export function mayTrade(companyStatus: OrganisationStatus | null): boolean {
  return companyStatus === null || organisationAccess(companyStatus) === 'full';
}

/** Why a member may not create listings or make offers: their organisation's status message; null when they may. */
export function tradeRefusal(companyStatus: OrganisationStatus | null): string | null {
  return companyStatus === null || mayTrade(companyStatus) ? null : organisationStatusMessage(companyStatus);
}

/** What a company's status may forbid a member (spec section 4). */
export type MemberAction = 'favourite' | 'message' | 'offer' | 'sell';

/**
 * Why a member may not take an action, or null when they may (spec section 4, Organisation
 * status): REJECTED is "not allowed", so its members only browse and change their work email
 * (in Account Settings, as its message says); IN_REVIEW keeps its limited access (no selling);
 * VERIFIED, or no company, may do everything.
 */
export function memberActionRefusal(companyStatus: OrganisationStatus | null, action: MemberAction): string | null {
  if (companyStatus === 'REJECTED') return organisationStatusMessages.REJECTED;
  return action === 'sell' ? tradeRefusal(companyStatus) : null;
}

/**
 * Whether an item's page shows the "seller not verified" state instead of the item (spec
 * section 4, Item details load): its seller belongs to a company that is not VERIFIED (in
 * review, or rejected since). Sellers outside any organisation need no company check.
 */
export function isSellerNotVerified(sellerCompanyStatus: OrganisationStatus | null): boolean {
  return sellerCompanyStatus !== null && sellerCompanyStatus !== 'VERIFIED';
}

/** What the item page says in that state (the spec gives no text of its own). */
export const sellerNotVerifiedMessages = {
  heading: 'Seller not verified',
  text: 'The seller of this item works for a company that Yardly has not verified, so the item cannot be shown or bought for now. Please check back later.',
} as const;
