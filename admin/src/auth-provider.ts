import type { AuthProvider } from 'react-admin';
import { clearSession, readSession } from './session';

/**
 * The seam for the identity issue. People sign in on the storefront, which stores the session
 * under `yardly.session`; the console only checks that a token is there and reads the roles.
 * Identity fills in the rest (refresh, token expiry, role-based access to each resource);
 * the api refuses every /svc/admin call that the roles do not allow, whatever the console shows.
 */

/** The storefront's sign-in, coming back to the console afterwards. */
function storefrontLoginUrl(): string {
  return new URL('/?q=login&next=/admin/', window.location.origin).href;
}

export const authProvider: AuthProvider = {
  // There is no console login page: signing in is the storefront's job.
  login: async () => {
    window.location.href = storefrontLoginUrl();
  },

  // An absolute redirect makes react-admin leave the console with window.location.href.
  checkAuth: () =>
    readSession() ? Promise.resolve() : Promise.reject({ redirectTo: storefrontLoginUrl(), message: false }),

  checkError: (error: { status?: number } | undefined) => {
    // 401: the token is dead (with identity, only after the shared client's one refresh failed).
    if (error?.status === 401) return Promise.reject({ redirectTo: storefrontLoginUrl(), message: false });
    // 403: signed in but not allowed here (a limited admin): say so and stay signed in.
    if (error?.status === 403) return Promise.reject({ logoutUser: false });
    return Promise.resolve();
  },

  getPermissions: async () => readSession()?.userRoles ?? [],

  logout: async () => {
    clearSession();
    return storefrontLoginUrl();
  },
};
