import { describe, expect, it } from 'vitest';
import {
  ADMIN_RESOURCES,
  ADMIN_VERBS,
  adminResourceEnabled,
  DONATION_ADMIN_RESOURCES,
  hasAdminRole,
  mayAdmin,
} from './roles';

describe('admin roles', () => {
  it('opens the console to admins and limited admins only', () => {
    expect(hasAdminRole(['ROLE_USER', 'ROLE_ADMIN'])).toBe(true);
    expect(hasAdminRole(['ROLE_LIMITED_ADMIN'])).toBe(true);
    expect(hasAdminRole(['ROLE_USER'])).toBe(false);
    expect(hasAdminRole([])).toBe(false);
  });

  it('lets ROLE_ADMIN do everything and a plain user nothing', () => {
    for (const resource of ADMIN_RESOURCES) {
      for (const verb of ADMIN_VERBS) {
        expect(mayAdmin(['ROLE_USER', 'ROLE_ADMIN'], resource, verb)).toBe(true);
        expect(mayAdmin(['ROLE_USER'], resource, verb)).toBe(false);
      }
    }
  });

  it("gives the limited admin exactly the spec's share: the admin area and /donation", () => {
    const limited = ['ROLE_USER', 'ROLE_LIMITED_ADMIN'];
    const allowed = ADMIN_RESOURCES.flatMap((resource) =>
      ADMIN_VERBS.filter((verb) => mayAdmin(limited, resource, verb)).map((verb) => `${resource}:${verb}`),
    );
    expect(allowed).toEqual(['dashboard:list', 'dashboard:show', 'donations:list', 'donations:show']);
    // Issue 21: /donation reads the queue; changes are /donation/process-donations, ROLE_ADMIN's.
    expect(mayAdmin(limited, 'donations', 'edit')).toBe(false);
    // /catalog_mngt and /donation/process-donations are ROLE_ADMIN's.
    expect(mayAdmin(limited, 'listings', 'list')).toBe(false);
    expect(mayAdmin(limited, 'process-donations', 'list')).toBe(false);
    expect(mayAdmin(['ROLE_ADMIN'], 'process-donations', 'list')).toBe(true);
  });

  it('has the donation resources only with the donation flag on', () => {
    expect(adminResourceEnabled('donations', { donationEnabled: true })).toBe(true);
    expect(adminResourceEnabled('process-donations', { donationEnabled: true })).toBe(true);
    expect(adminResourceEnabled('donations', { donationEnabled: false })).toBe(false);
    expect(adminResourceEnabled('process-donations', { donationEnabled: false })).toBe(false);
    for (const resource of ADMIN_RESOURCES.filter((r) => !DONATION_ADMIN_RESOURCES.includes(r))) {
      expect(adminResourceEnabled(resource, { donationEnabled: false })).toBe(true);
    }
  });
});
