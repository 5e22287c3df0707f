import { describe, expect, it } from 'vitest';
import { hasAdminRole } from './roles';

describe('admin roles', () => {
  it('opens the console to admins and limited admins only', () => {
    expect(hasAdminRole(['ROLE_USER', 'ROLE_ADMIN'])).toBe(true);
    expect(hasAdminRole(['ROLE_LIMITED_ADMIN'])).toBe(true);
    expect(hasAdminRole(['ROLE_USER'])).toBe(false);
    expect(hasAdminRole([])).toBe(false);
  });
});
