import { ApiError, createSession, MemoryStorage, SESSION_STORAGE_KEYS } from '@yardly/shared/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginData } from '../test/login-data';

const storage = new MemoryStorage();
const api = { auth: { logout: vi.fn() }, http: { signedCallsSettled: vi.fn(async () => undefined) } };
const loads = vi.fn();

/**
 * A fresh copy of the store module (it keeps the loaded session), as a new page would have,
 * with the browser session and the api of the lazily loaded modules over a storage in memory.
 */
async function freshStore() {
  vi.resetModules();
  vi.doMock('./browser-session', () => {
    loads();
    return { browserSession: createSession({ storage, onStorageChange: null, reload: () => {} }) };
  });
  vi.doMock('../lib/api', () => ({ browserApi: api }));
  const store = await import('./session');
  const { $toast } = await import('./toast');
  return { ...store, $toast };
}

describe('$session', () => {
  beforeEach(() => {
    storage.clear();
    loads.mockClear();
    api.auth.logout.mockReset();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is a guest without loading the session code when nothing is stored', async () => {
    const { restoreSession, $session, $sessionKnown } = await freshStore();
    expect(await restoreSession()).toBeNull();
    expect($session.get()).toBeNull();
    expect($sessionKnown.get()).toBe(true);
    expect(loads).not.toHaveBeenCalled();
  });

  it('restores the stored login and follows the session from then on', async () => {
    storage.setItem(SESSION_STORAGE_KEYS.session, JSON.stringify(loginData()));
    const { restoreSession, $session, loadBrowserSession } = await freshStore();

    expect(await restoreSession()).toMatchObject({ nameFirst: 'Ann', userRefnum: 'U0123456789A' });
    expect($session.get()?.nameFirst).toBe('Ann');

    const session = await loadBrowserSession();
    session.signIn(loginData({ nameFirst: 'Bea', userRefnum: 'U0123456789B' }));
    expect($session.get()?.nameFirst).toBe('Bea');
  });

  it('logs out: the server ends the login, the browser forgets it, a toast says so', async () => {
    storage.setItem(SESSION_STORAGE_KEYS.session, JSON.stringify(loginData({ refreshToken: 'refresh-7' })));
    // A member in their organisation's flow (issue 23): it goes with the log-out.
    storage.setItem('isB2BFlow', 'true');
    storage.setItem('orgName', 'acme');
    storage.setItem('orgRefnum', 'G0123456789A');
    api.auth.logout.mockResolvedValue({ success: true });
    const { logout, $session, restoreSession, $toast } = await freshStore();
    await restoreSession();

    await logout();

    // The page's calls under way finish first (the server refuses them after), then the log-out.
    expect(api.http.signedCallsSettled).toHaveBeenCalledBefore(api.auth.logout);
    expect(api.auth.logout).toHaveBeenCalledWith({ refreshToken: 'refresh-7' });
    expect($session.get()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEYS.session)).toBeNull();
    expect(['isB2BFlow', 'orgName', 'orgRefnum'].map((key) => storage.getItem(key))).toEqual([null, null, null]);
    expect($toast.get()).toMatchObject({ kind: 'success', message: 'You are logged out' });
  });

  it('forgets the session even when the server cannot be reached', async () => {
    storage.setItem(SESSION_STORAGE_KEYS.session, JSON.stringify(loginData()));
    api.auth.logout.mockRejectedValue(new ApiError({ code: 0, status: 0, message: 'offline' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { logout, $session, restoreSession } = await freshStore();
    await restoreSession();

    await logout();

    expect($session.get()).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
