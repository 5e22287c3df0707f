// @vitest-environment happy-dom
import { SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enterOrganisationFlow, keepBrand, storedOrganisationFlow } from '../stores/organisation-flow';
import { flowStateOf, guardOrganisationFlow, parseStoredMember } from './organisation-guard';

const KEY = SESSION_STORAGE_KEYS.session;
const ACME = { orgName: 'acme', orgRefnum: 'G0123456789A' };
const acmeMember = { token: 't', isOrganizationB2B: true, ...ACME };

function signIn(login: object | null) {
  if (login) localStorage.setItem(KEY, JSON.stringify(login));
  else localStorage.removeItem(KEY);
}

/** Opens `path` and runs the guard: where it sent the page, or null when it stayed. */
function visit(path: string): string | null {
  const replace = vi.fn();
  const url = new URL(path, 'http://127.0.0.1:3000');
  vi.stubGlobal('location', { pathname: url.pathname, search: url.search, replace });
  guardOrganisationFlow(KEY);
  return (replace.mock.calls[0]?.[0] as string | undefined) ?? null;
}

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.orgFlow;
});
afterEach(() => vi.unstubAllGlobals());

describe('the stored login as the guard reads it', () => {
  it('is nobody without a token or with something unreadable', () => {
    expect(parseStoredMember(null)).toBeNull();
    expect(parseStoredMember('{oops')).toBeNull();
    expect(parseStoredMember(JSON.stringify({ nameFirst: 'Ann' }))).toBeNull();
  });

  it('reads the organisation fields, missing ones as not a member', () => {
    expect(parseStoredMember(JSON.stringify(acmeMember))).toEqual({ isOrganizationB2B: true, ...ACME });
    expect(parseStoredMember(JSON.stringify({ token: 't' }))).toEqual({
      isOrganizationB2B: false,
      orgName: null,
      orgRefnum: null,
    });
  });
});

describe('who is in the flow', () => {
  it('is a member whose browser chose their own organisation’s marketplace', () => {
    const login = parseStoredMember(JSON.stringify(acmeMember));
    expect(flowStateOf(login, { inFlow: true, orgName: 'acme' })).toEqual({
      signedIn: true,
      member: ACME,
      inFlow: true,
    });
    expect(flowStateOf(login, { inFlow: false, orgName: 'acme' }).inFlow).toBe(false);
    // The flow kept for another organisation is not this member's.
    expect(flowStateOf(login, { inFlow: true, orgName: 'globex' }).inFlow).toBe(false);
  });

  it('is nobody who lost their membership, whatever the browser kept', () => {
    const former = parseStoredMember(JSON.stringify({ ...acmeMember, isOrganizationB2B: false }));
    expect(flowStateOf(former, { inFlow: true, orgName: 'acme' })).toEqual({
      signedIn: true,
      member: null,
      inFlow: false,
    });
    expect(flowStateOf(null, { inFlow: true, orgName: 'acme' })).toEqual({
      signedIn: false,
      member: null,
      inFlow: false,
    });
  });
});

describe('the guard on a page', () => {
  it('lets a guest see a landing, and sends deeper paths under /client/ home (outside the flow, spec section 2)', () => {
    expect(visit('/client/acme')).toBeNull();
    expect(visit('/client/acme/products?q=lamp')).toBe('/');
    expect(visit('/products')).toBeNull();
    expect(document.documentElement.dataset.orgFlow).toBeUndefined();
  });

  it('sends a signed-in person out of the flow away from /client/ to /', () => {
    signIn({ token: 't' });
    expect(visit('/client/acme')).toBe('/');
    signIn(acmeMember);
    expect(visit('/client/acme/categories')).toBe('/');
  });

  it('keeps a member in the flow under their prefix and marks the page', () => {
    signIn(acmeMember);
    enterOrganisationFlow(ACME);
    expect(visit('/client/acme/products?category=C1')).toBeNull();
    expect(document.documentElement.dataset.orgFlow).toBe('acme');
    expect(visit('/products?q=lamp')).toBe('/client/acme/products?q=lamp');
    expect(visit('/')).toBe('/client/acme');
    expect(visit('/client/globex/products')).toBe('/client/acme');
    expect(visit('/myquest')).toBeNull();
  });

  it('forgets the flow of someone logged out or no longer a member', () => {
    enterOrganisationFlow(ACME);
    keepBrand({ orgName: 'acme', name: 'Acme', brandColor: '#1f6f43' });
    signIn({ ...acmeMember, isOrganizationB2B: false });
    expect(visit('/client/acme')).toBe('/');
    expect(storedOrganisationFlow()).toEqual({ inFlow: false, orgName: null, orgRefnum: null });
    expect(localStorage.length).toBe(1); // the login data only

    enterOrganisationFlow(ACME);
    signIn(null);
    expect(visit('/client/acme')).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});

describe('an organisation without a marketplace any more', () => {
  it('takes its member out of its flow when its address is not found, and the page goes home', () => {
    signIn(acmeMember);
    enterOrganisationFlow(ACME);
    const marker = document.createElement('div');
    marker.dataset.orgMissing = 'globex';
    document.body.append(marker);
    // Another organisation's missing page: the member stays in theirs, and goes to it.
    expect(visit('/client/globex/products')).toBe('/client/acme');
    expect(storedOrganisationFlow().inFlow).toBe(true);
    marker.dataset.orgMissing = 'acme';
    expect(visit('/client/acme/products')).toBe('/');
    expect(storedOrganisationFlow().inFlow).toBe(false);
    marker.remove();
  });
});

describe('a refused call of an organisation', () => {
  it('takes the member out of their own organisation’s flow, not out of theirs for another one’s page', async () => {
    const { leaveLostOrganisation } = await import('../stores/organisation-flow');
    const assign = vi.fn();
    vi.stubGlobal('location', { assign });
    enterOrganisationFlow(ACME);
    expect(leaveLostOrganisation({ status: 403 }, 'globex')).toBe(false);
    expect(leaveLostOrganisation({ status: 500 }, 'acme')).toBe(false);
    expect(storedOrganisationFlow().inFlow).toBe(true);
    expect(leaveLostOrganisation({ status: 403 }, 'acme')).toBe(true);
    expect(storedOrganisationFlow()).toEqual({ inFlow: false, orgName: null, orgRefnum: null });
    expect(assign).toHaveBeenCalledWith('/');
  });
});
