/**
 * Organisation marketplaces (issue 23; spec sections 2, 3 and 6). A B2B organisation's verified
 * members buy and sell among themselves under `/client/{orgName}/…`; its guests see its landing
 * page at `/client/{orgName}`. `orgName` is the organisation's slug (`organisationSlug` of its
 * name: lowercase letters, digits and hyphens), unique because names are.
 */

/** The browser's keys (spec section 3, Organisation info: isSelectedB2BFlow persisted as isB2BFlow). */
export const ORGANISATION_FLOW_STORAGE = { flow: 'isB2BFlow', orgName: 'orgName', orgRefnum: 'orgRefnum' } as const;

export const CLIENT_ROOT = '/client';

/** The pages that live under the prefix in the organisation flow (spec: home, categories, create listing, product list). */
export const ORGANISATION_FLOW_PAGES = ['/', '/categories', '/creatinglist', '/products'] as const;
export type OrganisationFlowPage = (typeof ORGANISATION_FLOW_PAGES)[number];

const ORG_NAME = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;

/** Whether `orgName` can be an organisation's address name (what `organisationSlug` makes). */
export function isOrgName(orgName: string): boolean {
  return ORG_NAME.test(orgName);
}

/** `/client/{orgName}` followed by a flow page: `clientPath('acme', '/products')` is `/client/acme/products`. */
export function clientPath(orgName: string, page: string = '/'): string {
  const rest = page === '/' ? '' : page.startsWith('/') ? page : `/${page}`;
  return `${CLIENT_ROOT}/${orgName}${rest}`;
}

/** The organisation name of a path under `/client/` (its second segment), or null when the path is not there. */
export function clientOrgOf(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== CLIENT_ROOT.slice(1)) return null;
  return segments[1] ?? '';
}

/** The page of a `/client/{org}/…` path without its prefix (`/client/acme/products` → `/products`). */
export function stripClientPrefix(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] !== CLIENT_ROOT.slice(1)) return pathname;
  const rest = segments.slice(2).join('/');
  return rest ? `/${rest}` : '/';
}

/** Who is looking, as far as the rewriting rules care. */
export interface OrganisationFlowViewer {
  signedIn: boolean;
  /** In the organisation flow (isSelectedB2BFlow): only a member of a B2B organisation can be. */
  inFlow: boolean;
  /** The viewer's own organisation's orgName when they are a member of a B2B one. */
  orgName: string | null;
}

/**
 * Where the spec's rewriting rules send a path (spec section 2, Organisation paths), or null to
 * stay. `search` is kept on a rewrite.
 * - In the flow: a flow page without the prefix gains it; under `/client/` the second segment
 *   must be the viewer's own organisation, otherwise the page goes to `/client/{their org}`.
 * - Signed in and not in the flow: anything under `/client/` goes to `/`.
 * - A guest may see an organisation's landing `/client/{orgName}` only (the public route);
 *   any other path under `/client/` goes to `/`, as for everyone outside the flow.
 */
export function organisationFlowRedirect(pathname: string, viewer: OrganisationFlowViewer, search = ''): string | null {
  const org = clientOrgOf(pathname);
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (viewer.signedIn && viewer.inFlow && viewer.orgName) {
    if (org === null) {
      return (ORGANISATION_FLOW_PAGES as readonly string[]).includes(path)
        ? clientPath(viewer.orgName, path) + search
        : null;
    }
    if (org !== viewer.orgName) return clientPath(viewer.orgName);
    const page = stripClientPrefix(path);
    return (ORGANISATION_FLOW_PAGES as readonly string[]).includes(page) ? null : clientPath(viewer.orgName);
  }
  if (org === null) return null;
  if (viewer.signedIn || !org || !isOrgName(org)) return '/';
  return stripClientPrefix(path) === '/' ? null : '/';
}

/** A member's way in and out of their organisation's marketplace (the header's switch). */
export const organisationFlowLabels = {
  enter: (organisationName: string) => `${organisationName} marketplace`,
  leave: 'Yardly marketplace',
  membersOnly: 'Only members of this organisation can see this listing',
} as const;

export const organisationFlowMessages = {
  /** Creating a listing for an organisation one is not a verified member of. */
  notMember: 'Only verified members of this organisation can do this',
  /** An organisation's listing asked for without a token. */
  signInToSee: 'Please sign in with your work account to see this organisation’s listings',
  /** A B2B organisation must be VERIFIED. */
  b2bNeedsVerified: 'Only a verified organisation can have a marketplace',
  /** The landing sign-up with an address outside the organisation's domains. */
  wrongDomain: (organisationName: string) => `Please use your ${organisationName} work email address`,
  welcomeCreditRange: 'The welcome credit must be whole cents from $0.00 to $500.00',
  colourInvalid: 'Enter a colour such as #1f6f43',
  welcomeTextTooLong: 'Keep the welcome text under 2,000 characters',
} as const;

/** The welcome credit a B2B organisation may give each newly verified member, at most $500 (cents). */
export const MAX_WELCOME_CREDIT_CENTS = 50_000;

/**
 * Whether a person is a member of an organisation's marketplace: a verified work email at that
 * organisation, which is VERIFIED and B2B. Read on every request: leaving takes effect at once.
 */
export function isMarketplaceMember(member: {
  workEmailVerified: boolean;
  organisationStatus: 'VERIFIED' | 'IN_REVIEW' | 'REJECTED' | null;
  organisationIsB2B: boolean;
}): boolean {
  return member.workEmailVerified && member.organisationStatus === 'VERIFIED' && member.organisationIsB2B;
}
