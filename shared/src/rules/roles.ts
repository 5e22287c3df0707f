/** Roles of spec section 6: ROLE_ADMIN may do everything admin; ROLE_LIMITED_ADMIN the admin area and donations. */
export const ADMIN_ROLES = ['ROLE_ADMIN', 'ROLE_LIMITED_ADMIN'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Every role a person can hold; ROLE_USER is everyone's. */
export const USER_ROLES = ['ROLE_USER', ...ADMIN_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Whether any of these roles opens the console (the api still checks each call). */
export function hasAdminRole(roles: readonly string[]): boolean {
  return roles.some((role) => (ADMIN_ROLES as readonly string[]).includes(role));
}

/** What the console's users resource refuses. */
export const userConsoleMessages = {
  ownAdminRole: 'You cannot remove your own admin role or block yourself',
} as const;

/** The console's resources (`/svc/admin/<resource>`), plus its dashboard. */
export const ADMIN_RESOURCES = [
  'dashboard',
  'categories',
  'listings',
  'reports',
  // Issue 20: the rental listings, their report queue and the rental form's attribute lists.
  'rentals',
  'rental-reports',
  'rental-properties',
  'conversations',
  'banners',
  'work-email-domains',
  'organizations',
  'users',
  'audit-log',
  'orders',
  'payouts',
  // Issue 34: payouts Stripe reported that Yardly did not make (recorded, never applied to money).
  'foreign-payouts',
  // Issue 34: refunds to buyers' cards, the ones Stripe holds or failed (an admin sends them again),
  // and the background jobs, the dead ones among them.
  'card-refunds',
  'jobs',
  'reviews',
  'returns',
  // Issue 22: referral rewards, the held ones to approve; the promotion list and its totals.
  'rewards',
  'promotions',
  'promotion-totals',
  // Issue 34: inviters whose friends look like throwaways (shared devices, addresses, unverified).
  'referral-farming',
  // Issue 23: B2B organisations' marketplaces (/b2b) and the monthly cost of employee benefits.
  'b2b',
  'employee-benefit-report',
  // Issue 21's donation queue and its processing (only with the donation flag on), and issue 23's
  // employee benefits (/employee_benefit).
  'donations',
  'process-donations',
  'employee-benefit',
] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];

/** What a call does to a resource: react-admin's read verbs and its three writes. */
export const ADMIN_VERBS = ['list', 'show', 'create', 'edit', 'delete'] as const;
export type AdminVerb = (typeof ADMIN_VERBS)[number];

/**
 * The limited admin's share, exactly spec sections 2 and 6: the admin area (the console's
 * dashboard, `/admin`) and `/donation`. Everything else (the catalogue `/catalog_mngt`,
 * `/donation/process-donations`, organisations, banners, ...) and every verb not listed is
 * ROLE_ADMIN's alone.
 */
const LIMITED_ADMIN: Partial<Record<AdminResource, readonly AdminVerb[]>> = {
  dashboard: ['list', 'show'],
  // Issue 21: reading the donation queue; changing a donation is /donation/process-donations.
  donations: ['list', 'show'],
};

/** The one role-by-resource matrix: the api refuses with it, the console hides with it. */
export function mayAdmin(roles: readonly string[], resource: AdminResource, verb: AdminVerb): boolean {
  if (roles.includes('ROLE_ADMIN')) return true;
  if (roles.includes('ROLE_LIMITED_ADMIN')) return LIMITED_ADMIN[resource]?.includes(verb) ?? false;
  return false;
}

/** The console resources that exist only with the donation flag on (spec section 2: "donation flag only"). */
export const DONATION_ADMIN_RESOURCES: readonly AdminResource[] = ['donations', 'process-donations'];

/** Whether a console resource exists in this build: the donation ones only with the donation flag on. */
export function adminResourceEnabled(resource: AdminResource, flags: { donationEnabled: boolean }): boolean {
  return flags.donationEnabled || !DONATION_ADMIN_RESOURCES.includes(resource);
}
