import { clientOrgOf, clientPath, isOrgName, organisationFlowRedirect } from '@yardly/shared/rules';
import {
  type FlowOrganisation,
  forgetOrganisationFlow,
  hasOrganisationFlow,
  storedOrganisationFlow,
} from '../stores/organisation-flow';

// The organisation flow's guard on every page (BaseLayout's script): the spec's rewriting rules
// (section 2, Organisation paths) applied in the browser, where the login lives (SSR does not
// know who is signed in). A small module: no zod, no stores, the rules' one pure function.

/** What the stored login data says of its organisation (the session checks the rest with zod). */
export interface StoredMember {
  isOrganizationB2B: boolean;
  orgName: string | null;
  orgRefnum: string | null;
}

/** Where the viewer stands: signed in or not, their B2B organisation if they are a member, in its flow or not. */
export interface FlowState {
  signedIn: boolean;
  /** The member's organisation (LoginData's isOrganizationB2B, orgName, orgRefnum), or null. */
  member: FlowOrganisation | null;
  inFlow: boolean;
}

/** The stored login data's organisation fields, or null when nobody is signed in. */
export function parseStoredMember(raw: string | null): StoredMember | null {
  try {
    const data = JSON.parse(raw ?? 'null') as Partial<StoredMember & { token: string }> | null;
    if (!data || typeof data.token !== 'string') return null;
    return {
      isOrganizationB2B: data.isOrganizationB2B === true,
      orgName: typeof data.orgName === 'string' ? data.orgName : null,
      orgRefnum: typeof data.orgRefnum === 'string' ? data.orgRefnum : null,
    };
  } catch {
    return null;
  }
}

/**
 * The viewer's flow from their login and the browser's flow keys. Only a member of a B2B
 * organisation is in the flow, and only for their own organisation: a membership lost (the
 * login data says so at the next log-in) takes them out.
 */
export function flowStateOf(
  login: StoredMember | null,
  stored: { inFlow: boolean; orgName: string | null },
): FlowState {
  const member =
    login?.isOrganizationB2B && login.orgName && login.orgRefnum
      ? { orgName: login.orgName, orgRefnum: login.orgRefnum }
      : null;
  return {
    signedIn: login !== null,
    member,
    inFlow: Boolean(member && stored.inFlow && stored.orgName === member.orgName),
  };
}

function storedLogin(sessionKey: string): StoredMember | null {
  try {
    return parseStoredMember(window.localStorage.getItem(sessionKey));
  } catch {
    return null;
  }
}

/** The viewer's flow as this browser stores it; a flow nobody may be in any more is forgotten. */
export function currentFlow(sessionKey: string): FlowState {
  const stored = storedOrganisationFlow();
  const state = flowStateOf(storedLogin(sessionKey), stored);
  // Logged out (here or by the server) or no longer a member: the flow's keys go.
  if (!state.member && hasOrganisationFlow()) forgetOrganisationFlow();
  return state;
}

/**
 * Applies the rewriting rules to this page: goes where they send it (keeping the query), or
 * marks the page `data-org-flow="{orgName}"` on <html> for a member in the flow (its pages
 * show the organisation's parts and hide the guest's).
 */
export function guardOrganisationFlow(sessionKey: string): void {
  if (typeof window === 'undefined') return; // not in a page (the stores' tests)
  leaveMissingOrganisation(sessionKey);
  const state = currentFlow(sessionKey);
  const { pathname, search } = window.location;
  const target = organisationFlowRedirect(
    pathname,
    { signedIn: state.signedIn, inFlow: state.inFlow, orgName: state.member?.orgName ?? null },
    search,
  );
  if (target !== null && target !== `${pathname}${search}`) {
    window.location.replace(target);
    return;
  }
  if (state.inFlow && state.member) document.documentElement.dataset.orgFlow = state.member.orgName;
  else delete document.documentElement.dataset.orgFlow;
}

/**
 * The member's own organisation has no marketplace any more (its address answered not found:
 * REJECTED, or no longer B2B; the not-found page names it): out of its flow. The login data
 * says so at the next log-in.
 */
function leaveMissingOrganisation(sessionKey: string): void {
  const missing = document.querySelector<HTMLElement>('[data-org-missing]')?.dataset.orgMissing;
  if (missing && currentFlow(sessionKey).member?.orgName === missing) forgetOrganisationFlow();
}

/** After a log-out: a page of an organisation's marketplace goes to its landing, as a guest sees it. */
export function leaveOrganisationPages(): void {
  if (typeof window === 'undefined') return;
  const org = clientOrgOf(window.location.pathname);
  if (org !== null) window.location.assign(org && isOrgName(org) ? clientPath(org) : '/');
}
