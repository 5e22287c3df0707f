/** Roles of spec section 6: ROLE_ADMIN may do everything admin; ROLE_LIMITED_ADMIN the admin area and donations. */
export const ADMIN_ROLES = ['ROLE_ADMIN', 'ROLE_LIMITED_ADMIN'] as const;

/** Whether any of these roles opens the console (the api still checks each call). */
export function hasAdminRole(roles: readonly string[]): boolean {
  return roles.some((role) => (ADMIN_ROLES as readonly string[]).includes(role));
}
