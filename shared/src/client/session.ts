import { atom, type ReadableAtom } from 'nanostores';
import { type LoginData, loginDataSchema } from '../contract/auth';
import { type DeviceHeaders, deviceHeaders } from './device';
import type { RefreshedTokens, SessionHooks } from './http-client';
import { MemoryStorage } from './memory-storage';
import { SESSION_STORAGE_KEYS } from './storage-keys';
import { accessTokenExpiry, clockOffset } from './token-expiry';

/** A change another tab made to the storage: the fields of the browser's `StorageEvent`. */
export interface StorageChange {
  key: string | null;
  oldValue: string | null;
  newValue: string | null;
  storageArea?: Storage | null;
}

/** Subscribes a listener to other tabs' storage changes; answers the unsubscribe. */
export type StorageChangeSource = (listener: (change: StorageChange) => void) => () => void;

export interface SessionOptions {
  /** Where the login data lives: localStorage by default; `null` keeps it in memory only. */
  storage?: Storage | null;
  /** Reloads the page (default `location.reload()`). */
  reload?: () => void;
  /** The storage key of the login data (default `yardly.session`). */
  key?: string;
  /** Other tabs' storage changes: the window's `storage` event by default. */
  onStorageChange?: StorageChangeSource | null;
  /** The browser's user agent, for the client_name device header (default `navigator.userAgent`). */
  userAgent?: string;
  /** The time now in ms (default `Date.now`), to measure the access token's age. */
  now?: () => number;
}

export interface Session {
  /** The signed-in person's login data, or null. Change it with the actions below. */
  readonly $session: ReadableAtom<LoginData | null>;
  signIn(data: LoginData): void;
  clear(): void;
  /** The session is dead (499): set the logged-out marker, clear the login data, reload. */
  markLoggedOut(): void;
  /** This browser's id for the device_id header: random once, then kept in storage. */
  deviceId(): string;
  /** What the http client needs: tokens, the refresh's outcome, device headers. */
  readonly hooks: Required<SessionHooks> & { deviceHeaders(): DeviceHeaders };
  /** Stop listening to other tabs. */
  dispose(): void;
}

/**
 * The client's session: login data saved in browser storage and restored at start; when
 * another tab adds or removes it the page reloads (spec section 3); when another tab only
 * rotates its tokens this tab takes the new ones.
 */
export function createSession(options: SessionOptions = {}): Session {
  const key = options.key ?? SESSION_STORAGE_KEYS.session;
  // `storage` is what other tabs share; without one the session lives in this tab's memory.
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const store = storage ?? new MemoryStorage();
  const reload = options.reload ?? (() => globalThis.location?.reload());
  const userAgent = options.userAgent ?? globalThis.navigator?.userAgent ?? '';
  const now = options.now ?? Date.now;

  // The raw stored value $session reflects; when storage no longer holds it, another tab wrote.
  let seenRaw: string | null = null;
  // Storage refused a write (quota, privacy mode): from then on this tab's memory is the truth.
  let storageFailed = false;
  let device: string | null = null;

  const $session = atom<LoginData | null>(restore());

  function restore(): LoginData | null {
    const raw = read(key);
    const data = parseLoginData(raw);
    if (raw !== null && !data) remove(key);
    seenRaw = data ? raw : null;
    return data;
  }

  /** The login data as stored now: another tab may have rotated the tokens a moment ago. */
  function current(): LoginData | null {
    if (storageFailed) return $session.get();
    const raw = read(key);
    if (raw !== seenRaw) {
      seenRaw = raw;
      $session.set(parseLoginData(raw));
    }
    return $session.get();
  }

  function save(data: LoginData | null): void {
    // Tokens saved here were just issued (a log-in, a refresh): their age starts now.
    if (data) noteTokenClock(data.token, true);
    else remove(SESSION_STORAGE_KEYS.tokenClock);
    const raw = data ? JSON.stringify(data) : null;
    if (raw === null ? remove(key) : write(key, raw)) seenRaw = raw;
    else storageFailed = true;
    $session.set(data);
  }

  function read(name: string): string | null {
    try {
      return store.getItem(name);
    } catch {
      return null;
    }
  }

  // Storage can throw (quota, privacy settings); the session then lives in memory for this tab.
  function write(name: string, value: string): boolean {
    try {
      store.setItem(name, value);
      return true;
    } catch {
      return false;
    }
  }

  function remove(name: string): boolean {
    try {
      store.removeItem(name);
      return true;
    } catch {
      return false;
    }
  }

  /** Keeps how far this browser's clock is from the api's, for this token (shared by the tabs). */
  function noteTokenClock(token: string, justIssued: boolean): number {
    const offsetMs = clockOffset(token, now(), justIssued);
    write(SESSION_STORAGE_KEYS.tokenClock, JSON.stringify({ token, offsetMs }));
    return offsetMs;
  }

  /** When the current access token expires by this browser's clock; null when it carries no `exp`. */
  function accessTokenExpiresAt(): number | null {
    const token = current()?.token;
    const expiry = token ? accessTokenExpiry(token) : null;
    if (!token || expiry === null) return null;
    let offsetMs: number | null = null;
    try {
      const noted = JSON.parse(read(SESSION_STORAGE_KEYS.tokenClock) ?? 'null') as {
        token?: unknown;
        offsetMs?: unknown;
      };
      if (noted?.token === token && typeof noted.offsetMs === 'number') offsetMs = noted.offsetMs;
    } catch {
      // Unreadable: noted again below.
    }
    return expiry + (offsetMs ?? noteTokenClock(token, false));
  }

  function clear(): void {
    save(null);
  }

  function markLoggedOut(): void {
    write(SESSION_STORAGE_KEYS.loggedOut, String(Date.now()));
    clear();
    reload();
  }

  function deviceId(): string {
    if (device) return device;
    const stored = read(SESSION_STORAGE_KEYS.deviceId);
    device = stored || randomId();
    if (!stored) write(SESSION_STORAGE_KEYS.deviceId, device);
    return device;
  }

  function onRefreshed(tokens: RefreshedTokens): void {
    const data = current();
    // Signed out while the refresh ran: do not bring the session back.
    if (!data) return;
    save({
      ...data,
      token: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expirationTime: tokens.expirationTime,
    });
  }

  function onOtherTabChange(change: StorageChange): void {
    if (change.storageArea && change.storageArea !== storage) return;
    if (change.key === null) {
      // Another tab cleared the whole storage: the login data went with it.
      if ($session.get()) reload();
      return;
    }
    if (change.key !== key) return;
    const before = parseLoginData(change.oldValue);
    const after = parseLoginData(change.newValue);
    if (before && after && before.userRefnum === after.userRefnum) {
      // Only the tokens moved (a refresh there): keep using the same login, no reload.
      seenRaw = change.newValue;
      $session.set(after);
      return;
    }
    if (before || after) reload();
  }

  const source =
    options.onStorageChange === undefined ? (storage ? windowStorageEvents() : null) : options.onStorageChange;
  const unsubscribe = source?.(onOtherTabChange) ?? (() => {});

  return {
    $session,
    signIn: (data) => save(data),
    clear,
    markLoggedOut,
    deviceId,
    hooks: {
      accessToken: () => current()?.token ?? null,
      refreshToken: () => current()?.refreshToken ?? null,
      onRefreshed,
      onSessionDead: markLoggedOut,
      deviceHeaders: () => deviceHeaders(deviceId(), userAgent),
      accessTokenExpiresAt,
    },
    dispose: unsubscribe,
  };
}

function parseLoginData(raw: string | null | undefined): LoginData | null {
  if (!raw) return null;
  try {
    const parsed = loginDataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** localStorage where there is one and it may be used (absent on the server, may throw when blocked). */
function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function windowStorageEvents(): StorageChangeSource | null {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return null;
  return (listener) => {
    const handler = (event: StorageEvent) => listener(event);
    window.addEventListener('storage', handler);
    return () => window.removeEventListener('storage', handler);
  };
}

/** A random UUID; `crypto.randomUUID` exists only in secure contexts, so plain http falls back. */
function randomId(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
