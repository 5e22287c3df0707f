import type { AuthProvider } from 'react-admin';
import { consoleMayAccess } from './access';
import { api } from './api';
import { DONATION_ENABLED } from './features';
import { currentRoles, elsewhereForVisitor, session, storefrontLoginUrl } from './session';

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
    const elsewhere = elsewhereForVisitor();
    return elsewhere ? Promise.reject({ redirectTo: elsewhere, message: false }) : Promise.resolve();
  },

  checkError: (error: { status?: number } | undefined) => {
    // 401: the session is dead (the shared client's one refresh failed).
    if (error?.status === 401) return Promise.reject({ redirectTo: storefrontLoginUrl(), message: false });
    // 403: signed in but not allowed here (a limited admin): say so and stay signed in.
    if (error?.status === 403) return Promise.reject({ logoutUser: false });
    return Promise.resolve();
  },

  getPermissions: async () => currentRoles(),

  // Menus and routes follow the api's matrix and the donation flag; the api refuses regardless.
  canAccess: async ({ resource, action }) =>
    consoleMayAccess(currentRoles(), resource, action, { donationEnabled: DONATION_ENABLED }),

  logout: async () => {
    const refreshToken = session.$session.get()?.refreshToken;
    // Ending the login on the server matters more than the answer: clear locally either way.
    if (refreshToken) await api.auth.logout({ refreshToken }).catch((cause) => console.error('Log-out failed', cause));
    session.clear();
    return storefrontLoginUrl();
  },
};
