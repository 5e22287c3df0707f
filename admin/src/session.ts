import { createSession } from '@yardly/shared/client';
import { hasAdminRole } from '@yardly/shared/rules';

/**
 * The signed-in session, the same one the storefront keeps (login data in browser storage,
 * one refresh on 488 across tabs, logged out on 499). People sign in on the storefront.
 */
export const session = createSession();

/** The roles of whoever is signed in; empty for a guest. */
export function currentRoles(): string[] {
  return session.$session.get()?.userRoles ?? [];
}

/** The console is for admins; the api checks every /svc/admin call regardless. */
export function isAdminSignedIn(): boolean {
  return hasAdminRole(currentRoles());
}
