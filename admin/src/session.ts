/**
 * The signed-in session as the storefront keeps it in localStorage. Identity owns writing it;
 * the console only reads it (for the token and roles) and clears it on logout.
 */
export const SESSION_KEY = 'yardly.session';

export interface StoredSession {
  accessToken: string;
  userRoles: string[];
}

export function readSession(storage: Storage | undefined = globalThis.localStorage): StoredSession | null {
  const raw = storage?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { accessToken, userRoles } = value as Record<string, unknown>;
    if (typeof accessToken !== 'string' || accessToken === '') return null;
    const roles = Array.isArray(userRoles) ? userRoles.filter((r): r is string => typeof r === 'string') : [];
    return { accessToken, userRoles: roles };
  } catch {
    // A corrupt entry is the same as no session: the user signs in again.
    return null;
  }
}

export function clearSession(storage: Storage | undefined = globalThis.localStorage): void {
  storage?.removeItem(SESSION_KEY);
}
