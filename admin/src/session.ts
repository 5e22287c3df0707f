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

/** The storefront's sign-in, coming back to the console afterwards. */
export function storefrontLoginUrl(): string {
  return new URL('/?q=login&next=/admin/', window.location.origin).href;
}

/**
 * Where someone who may not use the console goes instead: a guest to the storefront's sign-in,
 * a signed-in person without an admin role to the marketplace; undefined for an admin.
 */
export function elsewhereForVisitor(): string | undefined {
  if (!session.$session.get()) return storefrontLoginUrl();
  if (!isAdminSignedIn()) return new URL('/', window.location.origin).href;
  return undefined;
}
