import { type Session as BrowserSession, GENERIC_ERROR_MESSAGE, SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import type { LoginData } from '@yardly/shared/contract';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { AUTH_TEXTS } from '../lib/auth-texts';
import { logFailure } from '../lib/log-failure';
import { leaveOrganisationPages } from '../lib/organisation-guard';
import { forgetOrganisationFlow } from './organisation-flow';
import { forgetRecents } from './recents';
import { showToast } from './toast';

/** The signed-in person: the login data of spec section 3. */
export type Session = LoginData;

const SESSION_KEY = SESSION_STORAGE_KEYS.session;
const LOGGED_OUT_KEY = SESSION_STORAGE_KEYS.loggedOut;

const $current = atom<Session | null>(null);
const $known = atom(false);

/**
 * Who is signed in, or null. It mirrors the browser session (`createSession`), which is
 * loaded only when this browser has stored login data or an action needs it: the session
 * validates with zod, and a guest's page should not download it.
 */
export const $session: ReadableAtom<Session | null> = $current;

/** False until the stored login data has been read: the header waits instead of flashing 'Log in'. */
export const $sessionKnown: ReadableAtom<boolean> = $known;

/** The prompts a guest sees where an action needs an account (spec section 6). */
export const GUEST_PROMPTS = {
  favourite: 'Sign up or log in to save favourites',
  saveSearch: 'Sign up or log in to save this search and hear of new matches',
  account: 'Sign up or log in to continue',
} as const;

let loading: Promise<BrowserSession> | null = null;
let started = false;

/** The browser session, loaded on first use; from then on `$session` follows it. */
export function loadBrowserSession(): Promise<BrowserSession> {
  loading ??= import('./browser-session').then(({ browserSession }) => {
    // From here the session itself reloads the page when another tab signs in or out.
    browserSession.$session.subscribe((data) => $current.set(data));
    $known.set(true);
    return browserSession;
  });
  return loading;
}

/** The signed-in person as stored in this browser; null for a guest, without loading the session. */
export async function restoreSession(): Promise<Session | null> {
  if (!loading && !hasStoredSession()) {
    $known.set(true);
    return null;
  }
  return (await loadBrowserSession()).$session.get();
}

/** The longest a log-out waits for the page's calls under way. */
const LOGOUT_WAIT_MS = 2_000;

/** Log out: the server ends this login (its refresh token family), this browser forgets it. */
export async function logout(): Promise<void> {
  let modules: [BrowserSession, typeof import('../lib/api')];
  try {
    modules = await Promise.all([loadBrowserSession(), import('../lib/api')]);
  } catch (cause) {
    // The client's code did not load (offline): nothing was changed, say so.
    logFailure('session: a call failed', cause);
    showToast(GENERIC_ERROR_MESSAGE, 'error');
    return;
  }
  const [session, { browserApi }] = modules;
  const data = session.$session.get();
  if (!data) return;
  try {
    // The page's calls already on their way finish first: after the log-out the server refuses
    // them (401), failing what the page was showing for nothing.
    await browserApi.http.signedCallsSettled(LOGOUT_WAIT_MS);
    await browserApi.auth.logout({ refreshToken: data.refreshToken });
  } catch (cause) {
    // The person asked to leave: this browser forgets the session whatever the server said.
    console.warn('The server did not confirm the log-out; the session is cleared here anyway.', cause);
  }
  session.clear();
  // The session's recents (the last searches) are the person's too.
  forgetRecents();
  // The organisation flow is the signed-in person's: it goes with them (a page of it goes to its guest landing).
  forgetOrganisationFlow();
  leaveOrganisationPages();
  showToast(AUTH_TEXTS.loggedOut, 'success');
}

// A guest tab reloads when another tab signs in (spec section 3) from every page's shell
// (BaseLayout), whether or not an island here uses the session; a signed-in tab's browser
// session follows the other changes itself.
function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (takeLoggedOutMarker()) void tellSessionEnded();
  if (hasStoredSession()) {
    void loadBrowserSession();
    return;
  }
  $known.set(true);
}

onMount($current, start);
onMount($known, start);

/** The server ended the session (499) and the page reloaded: say so. The rules' texts bring zod, hence the import here. */
async function tellSessionEnded(): Promise<void> {
  const { authMessages } = await import('@yardly/shared/rules');
  showToast(authMessages.sessionExpired, 'warning');
}

function hasStoredSession(): boolean {
  try {
    return Boolean(globalThis.localStorage?.getItem(SESSION_KEY));
  } catch {
    return false;
  }
}

/** The marker the api client leaves when the server ended the session (499) before reloading. */
function takeLoggedOutMarker(): boolean {
  try {
    if (!globalThis.localStorage?.getItem(LOGGED_OUT_KEY)) return false;
    globalThis.localStorage.removeItem(LOGGED_OUT_KEY);
    return true;
  } catch {
    return false;
  }
}
