import { describe, expect, it } from 'vitest';
import {
  clientOrgOf,
  clientPath,
  isMarketplaceMember,
  isOrgName,
  type OrganisationFlowViewer,
  organisationFlowRedirect,
  stripClientPrefix,
} from './organisation-flow';

const guest: OrganisationFlowViewer = { signedIn: false, inFlow: false, orgName: null };
const acmeInFlow: OrganisationFlowViewer = { signedIn: true, inFlow: true, orgName: 'acme' };
const acmeOutOfFlow: OrganisationFlowViewer = { signedIn: true, inFlow: false, orgName: 'acme' };
const nobody: OrganisationFlowViewer = { signedIn: true, inFlow: false, orgName: null };

describe('organisation paths', () => {
  it('prefixes and strips /client/{orgName}', () => {
    expect(clientPath('acme')).toBe('/client/acme');
    expect(clientPath('acme', '/products')).toBe('/client/acme/products');
    expect(clientOrgOf('/client/acme/products')).toBe('acme');
    expect(clientOrgOf('/client')).toBe('');
    expect(clientOrgOf('/products')).toBeNull();
    expect(stripClientPrefix('/client/acme/creatinglist')).toBe('/creatinglist');
    expect(stripClientPrefix('/client/acme')).toBe('/');
  });

  it('takes only what organisationSlug makes as an orgName', () => {
    expect(isOrgName('acme-corp')).toBe(true);
    expect(isOrgName('Acme')).toBe(false);
    expect(isOrgName('-acme')).toBe(false);
    expect(isOrgName('a/b')).toBe(false);
  });
});

describe('the rewriting rules (spec section 2)', () => {
  it('adds the prefix to a flow page for a member in the flow, keeping the query', () => {
    expect(organisationFlowRedirect('/products', acmeInFlow, '?q=bike')).toBe('/client/acme/products?q=bike');
    expect(organisationFlowRedirect('/', acmeInFlow)).toBe('/client/acme');
    expect(organisationFlowRedirect('/creatinglist', acmeInFlow)).toBe('/client/acme/creatinglist');
  });

  it('leaves other pages and the member’s own organisation pages alone', () => {
    expect(organisationFlowRedirect('/settings', acmeInFlow)).toBeNull();
    expect(organisationFlowRedirect('/client/acme', acmeInFlow)).toBeNull();
    expect(organisationFlowRedirect('/client/acme/products', acmeInFlow)).toBeNull();
  });

  it('sends a member in the flow from another organisation’s path to their own', () => {
    expect(organisationFlowRedirect('/client/globex/products', acmeInFlow)).toBe('/client/acme');
    expect(organisationFlowRedirect('/client/acme/nothing-here', acmeInFlow)).toBe('/client/acme');
  });

  it('sends anyone signed in and not in the flow from /client/ to /', () => {
    expect(organisationFlowRedirect('/client/acme', acmeOutOfFlow)).toBe('/');
    expect(organisationFlowRedirect('/client/acme/products', nobody)).toBe('/');
    expect(organisationFlowRedirect('/products', acmeOutOfFlow)).toBeNull();
  });

  it('shows a guest the landing page only: anything else under /client/ goes home', () => {
    expect(organisationFlowRedirect('/client/acme', guest)).toBeNull();
    expect(organisationFlowRedirect('/client/acme/products', guest)).toBe('/');
    expect(organisationFlowRedirect('/client/acme/anything/else', guest)).toBe('/');
    expect(organisationFlowRedirect('/client', guest)).toBe('/');
    expect(organisationFlowRedirect('/products', guest)).toBeNull();
  });
});

describe('marketplace membership', () => {
  it('needs a verified work email at a VERIFIED B2B organisation', () => {
    const member = { workEmailVerified: true, organisationStatus: 'VERIFIED' as const, organisationIsB2B: true };
    expect(isMarketplaceMember(member)).toBe(true);
    expect(isMarketplaceMember({ ...member, workEmailVerified: false })).toBe(false);
    expect(isMarketplaceMember({ ...member, organisationStatus: 'REJECTED' })).toBe(false);
    expect(isMarketplaceMember({ ...member, organisationStatus: 'IN_REVIEW' })).toBe(false);
    expect(isMarketplaceMember({ ...member, organisationIsB2B: false })).toBe(false);
  });
});
