import type { LoginData } from '@yardly/shared/contract';
import { clientPath, ORGANISATION_FLOW_STORAGE } from '@yardly/shared/rules';

// The organisation flow as this browser keeps it (spec section 3, Organisation info:
// isSelectedB2BFlow persisted as isB2BFlow, orgName, orgRefnum), read by the page shell's guard
// and the header's script on every page: localStorage only, no zod, no stores.

/** A member's organisation as the flow keeps it. */
export interface FlowOrganisation {
  orgName: string;
  orgRefnum: string;
}

/** What the header shows of the member's organisation: its name as people read it and its colour. */
export interface OrganisationBrand {
  orgName: string;
  name: string;
  brandColor: string;
}

/** Not one of the spec's keys: a cache of the organisation's name and colour for the header. */
export const ORGANISATION_BRAND_KEY = 'yardly.orgBrand';

const KEYS = ORGANISATION_FLOW_STORAGE;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null; // storage refused (privacy settings): as if nothing were stored
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage refused: the flow lasts as long as this page.
  }
}

/** Whether this browser is in the organisation flow (isB2BFlow), and for which organisation. */
export function storedOrganisationFlow(): { inFlow: boolean; orgName: string | null; orgRefnum: string | null } {
  return { inFlow: read(KEYS.flow) === 'true', orgName: read(KEYS.orgName), orgRefnum: read(KEYS.orgRefnum) };
}

/** Into the member's organisation's marketplace (the header's switch, a B2B sign-up verified). */
export function enterOrganisationFlow(organisation: FlowOrganisation): void {
  write(KEYS.orgName, organisation.orgName);
  write(KEYS.orgRefnum, organisation.orgRefnum);
  write(KEYS.flow, 'true');
}

/**
 * A sign-up from an organisation's landing was verified: a member of its B2B organisation now
 * (the login data says so) goes into its flow, at `/client/{orgName}`. False when they are not one.
 */
export function enterFlowAfterSignup(login: Pick<LoginData, 'isOrganizationB2B' | 'orgName' | 'orgRefnum'>): boolean {
  if (!login.isOrganizationB2B || !login.orgName || !login.orgRefnum) return false;
  enterOrganisationFlow({ orgName: login.orgName, orgRefnum: login.orgRefnum });
  window.location.assign(clientPath(login.orgName));
  return true;
}

/** Back to the public marketplace; the organisation stays known for the way back in. */
export function leaveOrganisationFlow(): void {
  write(KEYS.flow, 'false');
}

/** Logged out, or no longer a member: this browser forgets the flow and the organisation. */
export function forgetOrganisationFlow(): void {
  for (const key of [KEYS.flow, KEYS.orgName, KEYS.orgRefnum, ORGANISATION_BRAND_KEY]) write(key, null);
}

/** Whether anything of the flow is stored (a guest's browser after a log-out elsewhere). */
export function hasOrganisationFlow(): boolean {
  return [KEYS.flow, KEYS.orgName, KEYS.orgRefnum, ORGANISATION_BRAND_KEY].some((key) => read(key) !== null);
}

/** The cached name and colour of `orgName`'s organisation, if any. */
export function storedBrand(orgName: string): OrganisationBrand | null {
  try {
    const brand = JSON.parse(read(ORGANISATION_BRAND_KEY) ?? 'null') as Partial<OrganisationBrand> | null;
    return brand?.orgName === orgName && typeof brand.name === 'string' && typeof brand.brandColor === 'string'
      ? { orgName, name: brand.name, brandColor: brand.brandColor }
      : null;
  } catch {
    return null;
  }
}

export function keepBrand(brand: OrganisationBrand): void {
  write(ORGANISATION_BRAND_KEY, JSON.stringify(brand));
}

/**
 * A call of the person's own organisation refused (403): they are no longer a member (membership
 * is read on every call). Out of the flow and to the public marketplace; true when that is what
 * happened. Another organisation's page refused is not theirs to leave (the flow's guard is
 * already sending them to their own).
 */
export function leaveLostOrganisation(cause: unknown, orgName: string): boolean {
  if ((cause as { status?: unknown } | null)?.status !== 403) return false;
  if (storedOrganisationFlow().orgName !== orgName) return false;
  forgetOrganisationFlow();
  window.location.assign('/');
  return true;
}
