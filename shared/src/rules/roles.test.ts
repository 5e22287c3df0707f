import { describe, expect, it } from 'vitest';
import { ADMIN_RESOURCES, ADMIN_VERBS, hasAdminRole, mayAdmin } from './roles';

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

  it('keeps the limited admin to the admin area, the catalogue, reports and donations', () => {
    const limited = ['ROLE_USER', 'ROLE_LIMITED_ADMIN'];
    expect(mayAdmin(limited, 'dashboard', 'list')).toBe(true);
    expect(mayAdmin(limited, 'listings', 'edit')).toBe(true);
    expect(mayAdmin(limited, 'reports', 'edit')).toBe(true);
    expect(mayAdmin(limited, 'donations', 'create')).toBe(true);
    expect(mayAdmin(limited, 'categories', 'list')).toBe(true);
    expect(mayAdmin(limited, 'categories', 'edit')).toBe(false);
    expect(mayAdmin(limited, 'reports', 'delete')).toBe(false);
    for (const resource of ['organizations', 'work-email-domains', 'users', 'banners', 'audit-log'] as const) {
      expect(mayAdmin(limited, resource, 'list')).toBe(false);
    }
  });
});
