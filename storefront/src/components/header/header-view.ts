import type { LoginData } from '@yardly/shared/contract';
import { greeting } from '../../lib/auth-texts';
import { HEADER_WANTED } from '../../lib/header-events';
import { logFailure } from '../../lib/log-failure';
import { PENDING_FLOW_KEYS } from '../../stores/pending-flow-keys';
import type { HeaderAction, HeaderView } from './header-actions';
import type { UnreadKind } from './header-unread';

// The header's script on every page (SiteHeader.astro): a few KB, no React, no stores. It
// shows who is signed in from the stored login, opens the phone and account menus, and at the
// first control that needs more (a dialog, logging out) loads ./header-actions, whose dialogs
// and toasts show in the Header island (./Header.tsx). Only type imports and import-free modules here.

/** What the header shows of the signed-in person. */
type Shown = Pick<LoginData, 'nameFirst' | 'isProgressive' | 'isProfessionVerified'>;

/** Where global.css (global/header-widths.css) unfolds the menu, so that it shows who is signed in without a touch. */
const WIDE = '(min-width: 1024px)';

export function startHeader(header: HTMLElement): void {
  const { sessionKey = '', loggedOutKey = '', locationKey = '', placeCookie = '' } = header.dataset;
  const find = <T extends HTMLElement>(selector: string) => header.querySelector(selector) as T;
  const menuToggle = find<HTMLButtonElement>('[data-menu-toggle]');
  const nav = find<HTMLElement>('.main-nav');
  const accountToggle = find<HTMLButtonElement>('[data-account-toggle]');
  const accountList = find<HTMLElement>('.account-menu__list');
  const place = find<HTMLElement>('.main-nav__place');

  let signedIn = false;
  let storedRead = false;
  /** The page has loaded: from now on someone signed in gets their unread counts. */
  let loaded = false;
  let actions: Promise<typeof import('./header-actions')> | null = null;

  const view: HeaderView = { session: showSession, place: showPlace };

  function loadActions() {
    actions ??= import('./header-actions').then((module) => {
      module.follow(view);
      return module;
    });
    return actions;
  }

  async function run(action: HeaderAction): Promise<void> {
    try {
      await (await loadActions()).run(action);
    } catch (cause) {
      // The code did not load (offline): the control stays as it was, the next press tries again.
      actions = null;
      logFailure('header-view: a call failed', cause);
    }
  }

  function showSession(session: Shown | null) {
    signedIn = session !== null;
    for (const item of header.querySelectorAll<HTMLElement>('[data-when]')) {
      item.hidden = !shows(item.dataset.when, session);
    }
    if (!session) closeAccountMenu(false);
    const greetingText = find<HTMLElement>('[data-greeting]');
    greetingText.textContent = session ? greeting(session.nameFirst) : '';
    if (session) {
      followUnread();
      followRewards();
    } else for (const kind of ['messages', 'notifications'] as const) showUnread(kind, null);
  }

  /**
   * What follows a signed-in person once the page has loaded, brought in then (it loads the api
   * client, which a guest's page never does): once a page; offline, the next try loads it again.
   */
  function followOnce(load: () => Promise<unknown>): () => void {
    let started = false;
    return () => {
      if (!loaded || started) return;
      started = true;
      load().catch((cause: unknown) => {
        started = false;
        logFailure('header-view: a call failed', cause);
      });
    };
  }

  /** The counts beside 'My Messages' (and Notifications). */
  const followUnread = followOnce(() => import('./header-unread').then((module) => module.followUnread(showUnread)));
  /** A new reward's card, and the referral popup asked for at login. */
  const followRewards = followOnce(() => import('./header-rewards').then((module) => module.followRewards()));

  function showUnread(kind: UnreadKind, count: number | null) {
    for (const badge of header.querySelectorAll<HTMLElement>(`[data-unread="${kind}"]`)) {
      badge.hidden = !signedIn || !count;
      const number = badge.querySelector('[data-unread-count]');
      if (number) number.textContent = count ? (count > 99 ? '99+' : String(count)) : '';
    }
  }

  function showPlace(zip: string | null) {
    place.textContent = zip ?? '';
    place.hidden = !zip;
  }

  /** The stored login and place, read once: at once on a wide screen, else when the menu opens or the page is idle. */
  function readStored() {
    if (storedRead) return;
    storedRead = true;
    showSession(parseLogin(read(sessionKey)));
    const storedPlace = read(locationKey);
    showPlace(parseZip(storedPlace));
    // A place chosen before /products was rendered near it: the server reads the cookie.
    if (storedPlace && !document.cookie.split('; ').some((pair) => pair.startsWith(`${placeCookie}=`))) {
      // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser.
      document.cookie = `${placeCookie}=${encodeURIComponent(storedPlace)}; max-age=31536000; path=/; samesite=lax`;
    }
  }

  function setMenuOpen(open: boolean) {
    if (open) readStored();
    menuToggle.setAttribute('aria-expanded', String(open));
    menuToggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    for (const icon of menuToggle.querySelectorAll<HTMLElement>('[data-icon]')) {
      icon.hidden = (icon.dataset.icon === 'close') !== open;
    }
    nav.dataset.open = String(open);
  }

  function closeAccountMenu(focusToggle: boolean) {
    if (accountList.hidden) return;
    accountList.hidden = true;
    accountToggle.setAttribute('aria-expanded', 'false');
    if (focusToggle) accountToggle.focus();
  }

  menuToggle.addEventListener('click', () => setMenuOpen(menuToggle.getAttribute('aria-expanded') !== 'true'));

  accountToggle.addEventListener('click', () => {
    const open = accountList.hidden;
    accountList.hidden = !open;
    accountToggle.setAttribute('aria-expanded', String(open));
  });

  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    if (!accountList.hidden) closeAccountMenu(true);
    else if (nav.dataset.open === 'true') setMenuOpen(false);
  });

  window.addEventListener('pointerdown', (event) => {
    if (!accountList.hidden && !accountList.parentElement?.contains(event.target as Node)) closeAccountMenu(false);
  });

  nav.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest('a');
    const control = target?.closest<HTMLButtonElement>('button[data-action]');
    if (link) {
      if (link.dataset.requiresLogin !== undefined && !signedIn) {
        event.preventDefault();
        void run({ name: 'guestLink', href: link.getAttribute('href') ?? '/' });
      }
      setMenuOpen(false);
      closeAccountMenu(false);
      return;
    }
    if (!control) return;
    const name = control.dataset.action as Exclude<HeaderAction['name'], 'guestLink' | 'askedByUrl' | 'pendingFlow'>;
    if (name === 'logout') {
      void logOut(control);
      return;
    }
    setMenuOpen(false);
    closeAccountMenu(false);
    void run({ name });
  });

  async function logOut(control: HTMLButtonElement) {
    control.disabled = true;
    control.setAttribute('aria-busy', 'true');
    await run({ name: 'logout' });
    control.disabled = false;
    control.removeAttribute('aria-busy');
    closeAccountMenu(false);
    setMenuOpen(false);
  }

  // Another island shows a toast or a dialog (its outlet is here): follow the stores from then on.
  window.addEventListener(HEADER_WANTED, () => void loadActions());

  const wide = window.matchMedia(WIDE);
  if (wide.matches) readStored();
  else wide.addEventListener('change', readStored, { once: true });

  // `/?q=login` and `/?q=signup` (the auth redirect page sends people there) open those dialogs.
  const asked = new URLSearchParams(window.location.search).get('q');
  if (asked === 'login' || asked === 'signup') void run({ name: 'askedByUrl' });

  // The first read opens the page's storage, which takes a while on a phone: once loaded and idle.
  afterLoad(() => {
    readStored();
    loaded = true;
    if (signedIn) {
      followUnread();
      followRewards();
    }
    // The server ended the session and the page reloaded: the stores say so (a toast).
    if (read(loggedOutKey) !== null) void loadActions();
    // A reset or a sign-up left waiting on its code (spec section 4's pending flags): its dialog again.
    if (Object.values(PENDING_FLOW_KEYS).some((key) => read(key) !== null)) void run({ name: 'pendingFlow' });
  });

  header.dataset.script = 'ready';
}

function shows(when: string | undefined, session: Shown | null): boolean {
  switch (when) {
    case 'guest':
      return !session;
    case 'signed-in':
      return Boolean(session);
    case 'progressive':
      return Boolean(session?.isProgressive);
    case 'complete':
      return Boolean(session && !session.isProgressive);
    case 'unverified':
      return Boolean(session && !session.isProfessionVerified);
    case 'verified':
      return Boolean(session?.isProfessionVerified);
    default:
      return true;
  }
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage refused (privacy settings): as if nothing were stored
  }
}

/** The stored login data as far as the header shows it; the session (zod) checks the rest when loaded. */
function parseLogin(raw: string | null): Shown | null {
  try {
    const data = JSON.parse(raw ?? 'null') as Partial<LoginData> | null;
    return data && typeof data.token === 'string' && typeof data.nameFirst === 'string'
      ? {
          nameFirst: data.nameFirst,
          isProgressive: data.isProgressive === true,
          isProfessionVerified: data.isProfessionVerified === true,
        }
      : null;
  } catch {
    return null;
  }
}

function parseZip(raw: string | null): string | null {
  try {
    const zip = (JSON.parse(raw ?? 'null') as { zip?: unknown } | null)?.zip;
    return typeof zip === 'string' ? zip : null;
  } catch {
    return null;
  }
}

/** Once the page has loaded, in a task of its own when the browser is idle (within a second). */
function afterLoad(task: () => void): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 1000 });
    else setTimeout(task, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
