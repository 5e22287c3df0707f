import { ADMIN_RESOURCES, type AdminResource, type AdminVerb, mayAdmin } from '@yardly/shared/rules';
import type { AuthProvider } from 'react-admin';
import { api } from './api';
import { currentRoles, isAdminSignedIn, session } from './session';

/** The storefront's sign-in, coming back to the console afterwards. */
function storefrontLoginUrl(): string {
  return new URL('/?q=login&next=/admin/', window.location.origin).href;
}

/**
 * Sign-in happens on the storefront (there is no console login page); the console reads the
 * shared session. The api refuses every /svc/admin call the roles do not allow, whatever the
 * console shows.
 */
export const authProvider: AuthProvider = {
  login: async () => {
    window.location.href = storefrontLoginUrl();
  },

  // An absolute redirect makes react-admin leave the console with window.location.href.
  checkAuth: () => {
    if (!session.$session.get()) return Promise.reject({ redirectTo: storefrontLoginUrl(), message: false });
    // Signed in, but not an admin: back to the marketplace.
    if (!isAdminSignedIn())
      return Promise.reject({ redirectTo: new URL('/', window.location.origin).href, message: false });
    return Promise.resolve();
  },

  checkError: (error: { status?: number } | undefined) => {
    // 401: the session is dead (the shared client's one refresh failed).
    if (error?.status === 401) return Promise.reject({ redirectTo: storefrontLoginUrl(), message: false });
    // 403: signed in but not allowed here (a limited admin): say so and stay signed in.
    if (error?.status === 403) return Promise.reject({ logoutUser: false });
    return Promise.resolve();
  },

  getPermissions: async () => currentRoles(),

  // Menus and routes follow the api's matrix (shared/rules/roles.ts); the api refuses regardless.
  canAccess: async ({ resource, action }) => {
    if (!(ADMIN_RESOURCES as readonly string[]).includes(resource)) return false;
    return mayAdmin(currentRoles(), resource as AdminResource, verbOf(action));
  },

  logout: async () => {
    const refreshToken = session.$session.get()?.refreshToken;
    // Ending the login on the server matters more than the answer: clear locally either way.
    if (refreshToken) await api.auth.logout({ refreshToken }).catch((cause) => console.error('Log-out failed', cause));
    session.clear();
    return storefrontLoginUrl();
  },
};

/** react-admin's action names to the matrix's verbs (an export reads the list). */
function verbOf(action: string): AdminVerb {
  if (action === 'export' || action === 'list') return 'list';
  if (action === 'show' || action === 'create' || action === 'edit' || action === 'delete') return action;
  return 'edit'; // bulk and custom actions change records
}
