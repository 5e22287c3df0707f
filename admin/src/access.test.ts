import { ADMIN_RESOURCES } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { consoleMayAccess } from './access';

const on = { donationEnabled: true };
const off = { donationEnabled: false };

/** The resources whose list (menu entry and route) the console offers these roles. */
function menu(roles: string[], flags: { donationEnabled: boolean }) {
  return ADMIN_RESOURCES.filter((resource) => consoleMayAccess(roles, resource, 'list', flags));
}

describe('what the console shows', () => {
  it('shows the limited admin only the admin area and donations', () => {
    const limited = ['ROLE_USER', 'ROLE_LIMITED_ADMIN'];
    expect(menu(limited, on)).toEqual(['dashboard', 'donations']);
    expect(consoleMayAccess(limited, 'listings', 'list', on)).toBe(false);
    expect(consoleMayAccess(limited, 'reports', 'edit', on)).toBe(false);
    expect(consoleMayAccess(limited, 'process-donations', 'list', on)).toBe(false);
    // The rentals of the catalogue, their report queue and attribute lists are ROLE_ADMIN's.
    for (const resource of ['rentals', 'rental-reports', 'rental-properties']) {
      for (const action of ['list', 'show', 'edit', 'create', 'delete']) {
        expect(consoleMayAccess(limited, resource, action, on)).toBe(false);
        expect(consoleMayAccess(['ROLE_USER', 'ROLE_ADMIN'], resource, action, off)).toBe(true);
      }
    }
  });

  it('shows the admin everything, the donation resources only with the donation flag on', () => {
    const admin = ['ROLE_USER', 'ROLE_ADMIN'];
    expect(menu(admin, on)).toEqual([...ADMIN_RESOURCES]);
    expect(menu(admin, off)).toEqual(ADMIN_RESOURCES.filter((r) => r !== 'donations' && r !== 'process-donations'));
    expect(menu(['ROLE_USER', 'ROLE_LIMITED_ADMIN'], off)).toEqual(['dashboard']);
  });

  it('shows a plain user nothing, and nothing of an unknown resource', () => {
    expect(menu(['ROLE_USER'], on)).toEqual([]);
    expect(consoleMayAccess(['ROLE_ADMIN'], 'secrets', 'list', on)).toBe(false);
  });

  it('reads an export as a list and a bulk action as an edit', () => {
    const limited = ['ROLE_LIMITED_ADMIN'];
    expect(consoleMayAccess(limited, 'dashboard', 'export', on)).toBe(true);
    expect(consoleMayAccess(limited, 'dashboard', 'bulkDelete', on)).toBe(false);
  });
});
