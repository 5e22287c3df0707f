import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './memory-storage';
import { createSession, type StorageChange, type StorageChangeSource } from './session';
import { SESSION_STORAGE_KEYS } from './storage-keys';
import { testLoginData } from './test-login-data';

const KEY = SESSION_STORAGE_KEYS.session;

const loginData = testLoginData;

/** A session whose "other tabs" are the `emit` function. */
function setUp(storage: Storage = new MemoryStorage()) {
  let emit: (change: StorageChange) => void = () => {
    throw new Error('the session does not listen to other tabs');
  };
  const unsubscribe = vi.fn();
  const onStorageChange: StorageChangeSource = (listener) => {
    emit = listener;
    return unsubscribe;
  };
  const reload = vi.fn();
  const session = createSession({ storage, reload, onStorageChange });
  return { session, storage, reload, unsubscribe, emit: (change: StorageChange) => emit(change) };
}

describe('createSession', () => {
  it('restores the login data saved by an earlier page', () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, JSON.stringify(loginData()));

    const { session } = setUp(storage);

    expect(session.$session.get()).toEqual(loginData());
    expect(session.hooks.accessToken()).toBe('access-1');
    expect(session.hooks.refreshToken()).toBe('refresh-1');
  });

  it.each([
    ['not JSON', '{token'],
    ['not login data', JSON.stringify({ token: 'access-1' })],
  ])('drops stored data that is %s', (_, raw) => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, raw);

    const { session } = setUp(storage);

    expect(session.$session.get()).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('signs in and clears, in the store and in storage', () => {
    const { session, storage } = setUp();

    session.signIn(loginData());
    expect(session.$session.get()).toEqual(loginData());
    expect(JSON.parse(storage.getItem(KEY) ?? 'null')).toEqual(loginData());

    session.clear();
    expect(session.$session.get()).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
    expect(session.hooks.accessToken()).toBeNull();
  });

  it('uses its own storage key when given one', () => {
    const storage = new MemoryStorage();
    const session = createSession({ storage, key: 'admin.session', onStorageChange: null });

    session.signIn(loginData());

    expect(storage.getItem('admin.session')).not.toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('keeps the login data in memory when there is no storage', () => {
    const session = createSession({ storage: null, onStorageChange: null });

    session.signIn(loginData());

    expect(session.hooks.accessToken()).toBe('access-1');
  });

  it('keeps working in memory when storage refuses writes', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const { session } = setUp(storage);

    session.signIn(loginData());

    expect(session.hooks.accessToken()).toBe('access-1');
  });
});

describe('markLoggedOut', () => {
  it('sets the logged-out marker, clears the login data and reloads', () => {
    const { session, storage, reload } = setUp();
    session.signIn(loginData());
    const before = Date.now();

    session.markLoggedOut();

    expect(Number(storage.getItem(SESSION_STORAGE_KEYS.loggedOut))).toBeGreaterThanOrEqual(before);
    expect(storage.getItem(KEY)).toBeNull();
    expect(session.$session.get()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is what a dead session does', () => {
    const { session, reload } = setUp();
    session.signIn(loginData());

    session.hooks.onSessionDead();

    expect(session.$session.get()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('onRefreshed', () => {
  it('keeps the new tokens and the rest of the login data', () => {
    const { session, storage } = setUp();
    session.signIn(loginData());

    session.hooks.onRefreshed({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      expirationTime: '2030-01-01T00:00:00.000Z',
    });

    const expected = loginData({
      token: 'access-2',
      refreshToken: 'refresh-2',
      expirationTime: '2030-01-01T00:00:00.000Z',
    });
    expect(session.$session.get()).toEqual(expected);
    expect(JSON.parse(storage.getItem(KEY) ?? 'null')).toEqual(expected);
  });

  it('does not bring back a session cleared while the refresh ran', () => {
    const { session } = setUp();

    session.hooks.onRefreshed({ accessToken: 'a', refreshToken: 'r', expirationTime: '2030-01-01T00:00:00.000Z' });

    expect(session.$session.get()).toBeNull();
  });
});

describe('deviceId', () => {
  it('is a random id, the same on every call and for the next page', () => {
    const { session, storage } = setUp();

    const id = session.deviceId();

    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(session.deviceId()).toBe(id);
    expect(createSession({ storage, onStorageChange: null }).deviceId()).toBe(id);
    expect(setUp().session.deviceId()).not.toBe(id);
  });

  it('goes in the device headers with the browser name and v3', () => {
    const session = createSession({ storage: null, onStorageChange: null, userAgent: 'curl/8.5.0' });

    expect(session.hooks.deviceHeaders()).toEqual({
      device_id: session.deviceId(),
      client_name: 'Other',
      client_version: 'v3',
    });
  });
});

describe('another tab', () => {
  const signedIn = JSON.stringify(loginData());

  it('signing in reloads this page', () => {
    const { emit, reload } = setUp();

    emit({ key: KEY, oldValue: null, newValue: signedIn });

    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('signing out reloads this page', () => {
    const { session, emit, reload } = setUp();
    session.signIn(loginData());

    emit({ key: KEY, oldValue: signedIn, newValue: null });

    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('clearing the whole storage reloads a signed-in page', () => {
    const { session, emit, reload } = setUp();
    session.signIn(loginData());

    emit({ key: null, oldValue: null, newValue: null });

    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('rotating the tokens hands them to this tab without a reload', () => {
    const { session, storage, emit, reload } = setUp();
    session.signIn(loginData());
    const rotated = JSON.stringify(loginData({ token: 'access-2', refreshToken: 'refresh-2' }));
    storage.setItem(KEY, rotated);

    emit({ key: KEY, oldValue: signedIn, newValue: rotated });

    expect(reload).not.toHaveBeenCalled();
    expect(session.$session.get()?.token).toBe('access-2');
  });

  it('signing in as someone else reloads this page', () => {
    const { session, emit, reload } = setUp();
    session.signIn(loginData());

    emit({ key: KEY, oldValue: signedIn, newValue: JSON.stringify(loginData({ userRefnum: 'U0123456789B' })) });

    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('changing other keys or another storage does nothing', () => {
    const { emit, reload } = setUp();

    emit({ key: SESSION_STORAGE_KEYS.deviceId, oldValue: null, newValue: 'x' });
    emit({ key: KEY, oldValue: null, newValue: signedIn, storageArea: new MemoryStorage() });

    expect(reload).not.toHaveBeenCalled();
  });

  it('is no longer heard after dispose', () => {
    const { session, unsubscribe } = setUp();

    session.dispose();

    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});
