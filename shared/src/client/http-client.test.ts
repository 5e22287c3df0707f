// shared/ compiles without node's types, so that its library code cannot lean on node by
// accident; this test alone uses node:http, typed by hand below (TestServer and friends).
// @ts-expect-error -- no node types in this package
import { createServer as createNodeServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { LoginData } from '../contract/auth';
import { defineCall } from '../contract/call';
import { authMessages, limitMessages } from '../rules/auth';
import { createApi } from './api';
import { ApiError } from './api-error';
import { MemoryStorage } from './memory-storage';
import { createSession } from './session';
import { SESSION_STORAGE_KEYS } from './storage-keys';
import { testLoginData } from './test-login-data';
import { REFRESH_LOCK_NAME, type RefreshLocks } from './token-refresh';

// A stand-in for the api, over real HTTP: /ping wants the current access token and answers 488
// to any other; /users/refreshToken rotates the tokens (refusing a used one with 499) or, in
// the `dead` and `garbage` modes, answers as a dead session does.
const pingCall = defineCall({
  method: 'GET',
  path: '/ping',
  auth: 'required',
  summary: 'Test only: answers the Authorization header it got',
  response: z.object({ authorization: z.string().nullable() }),
});
const publicPingCall = defineCall({
  method: 'GET',
  path: '/public-ping',
  auth: 'none',
  summary: 'Test only: answers the Authorization header it got, wanting none',
  response: z.object({ authorization: z.string().nullable() }),
});

type RequestHeaders = Record<string, string | string[] | undefined>;
interface TestRequest extends AsyncIterable<Uint8Array> {
  method?: string;
  url?: string;
  headers: RequestHeaders;
}
interface TestResponse {
  writeHead(status: number, headers: Record<string, string>): void;
  end(body: string): void;
}
interface TestServer {
  listen(port: number, host: string, listening: () => void): void;
  address(): { port: number };
  closeAllConnections(): void;
  close(closed: () => void): void;
}
const createServer = createNodeServer as (
  handler: (request: TestRequest, response: TestResponse) => void,
) => TestServer;

interface Seen {
  method: string;
  path: string;
  headers: RequestHeaders;
  body: unknown;
}

const server = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  generation: 1,
  refreshMode: 'rotate' as 'rotate' | 'dead' | 'garbage',
  /** Every /ping answers 488, even with the fresh token. */
  pingAlwaysExpired: false,
  refreshDelayMs: 40,
  seen: [] as Seen[],
};

function seenAt(path: string): Seen[] {
  return server.seen.filter((request) => request.path === path);
}

let http: TestServer;
let baseUrl: string;

beforeAll(async () => {
  http = createServer(async (request, response) => {
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of request) text += decoder.decode(chunk, { stream: true });
    text += decoder.decode();
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    server.seen.push({
      method: request.method ?? '',
      path,
      headers: request.headers,
      body: text ? JSON.parse(text) : null,
    });
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const authorization = request.headers.authorization ?? null;
    const fresh = authorization === `Bearer ${server.accessToken}` && !server.pingAlwaysExpired;

    if (path === '/svc/public-ping') return answer(200, { code: 200, data: { authorization } });
    if (path === '/svc/ping') {
      return fresh ? answer(200, { code: 200, data: { authorization } }) : answer(401, { code: 488 });
    }
    if (path === '/svc/users/isUserExist') return answer(200, { code: 200, data: { exists: false } });
    if (path === '/svc/users/login-with-code') {
      return answer(429, { code: 429, msg: limitMessages.tooManyCodes(42) });
    }
    if (path === '/svc/account/updateEmail') {
      return fresh ? answer(200, { code: 200, data: { sent: true } }) : answer(401, { code: 488 });
    }
    if (path === '/svc/users/refreshToken') {
      await new Promise((resolve) => setTimeout(resolve, server.refreshDelayMs));
      if (server.refreshMode === 'garbage') {
        response.writeHead(401, { 'content-type': 'text/plain' });
        return response.end('Unauthorized');
      }
      const { refreshToken } = JSON.parse(text) as { refreshToken: string };
      if (server.refreshMode === 'dead' || refreshToken !== server.refreshToken) return answer(401, { code: 499 });
      server.generation += 1;
      server.accessToken = `access-${server.generation}`;
      server.refreshToken = `refresh-${server.generation}`;
      return answer(200, {
        code: 200,
        data: {
          accessToken: server.accessToken,
          refreshToken: server.refreshToken,
          expirationTime: '2030-01-01T00:00:00.000Z',
        },
      });
    }
    return answer(404, { code: 404, msg: 'Not found' });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${http.address().port}/svc`;
});

afterAll(async () => {
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(resolve));
});

beforeEach(() => {
  Object.assign(server, {
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    generation: 1,
    refreshMode: 'rotate',
    pingAlwaysExpired: false,
    refreshDelayMs: 40,
    seen: [],
  });
});

function loginData(token: string, refreshToken = 'refresh-1'): LoginData {
  return testLoginData({ token, refreshToken });
}

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** One browser tab: a session on the (shared) storage and an api client over it. */
function tab(options: { token?: string; storage?: Storage; locks?: RefreshLocks | null; now?: () => number } = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const reload = vi.fn();
  const session = createSession({ storage, reload, onStorageChange: null, userAgent: FIREFOX, now: options.now });
  if (options.token) session.signIn(loginData(options.token));
  const api = createApi({ baseUrl, session, locks: options.locks ?? null, now: options.now });
  return { storage, reload, session, api };
}

/** Web Locks within one process: callbacks under the same name run one after another. */
function inProcessLocks(): RefreshLocks & { names: string[] } {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      names.push(name);
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the access token', () => {
  it('is attached to calls, except to calls flagged no-token', async () => {
    const { api } = tab({ token: 'access-1' });

    await expect(api.http.call(pingCall)).resolves.toEqual({ authorization: 'Bearer access-1' });
    await expect(api.http.call(publicPingCall)).resolves.toEqual({ authorization: null });
    await api.auth.isUserExist({ email: 'bob@example.com' });

    expect(seenAt('/svc/users/isUserExist')[0]?.headers.authorization).toBeUndefined();
  });
});

describe('device headers', () => {
  it('go with /users/ and /account/ calls: a stable device_id, the browser and client_version v3', async () => {
    const { api, session, storage } = tab({ token: 'access-1' });

    await api.auth.isUserExist({ email: 'bob@example.com' });
    await api.auth.isUserExist({ email: 'carol@example.com' });
    await api.account.updateEmail({ email: 'ada@work.example.com' });
    await api.http.call(pingCall);

    const [first, second] = seenAt('/svc/users/isUserExist');
    const deviceId = session.deviceId();
    expect(deviceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first?.headers).toMatchObject({ device_id: deviceId, client_name: 'Firefox', client_version: 'v3' });
    expect(second?.headers.device_id).toBe(deviceId);
    expect(seenAt('/svc/account/updateEmail')[0]?.headers).toMatchObject({ device_id: deviceId, client_version: 'v3' });
    expect(seenAt('/svc/ping')[0]?.headers.device_id).toBeUndefined();
    // Kept in storage: the next page load sends the same id.
    expect(storage.getItem(SESSION_STORAGE_KEYS.deviceId)).toBe(deviceId);
    expect(createSession({ storage, onStorageChange: null }).deviceId()).toBe(deviceId);
  });
});

describe("a call's own headers", () => {
  it('go with it, and with its one retry after a refresh (an Idempotency-Key must not change)', async () => {
    const { api } = tab({ token: 'access-0' });

    await expect(api.http.call(pingCall, { headers: { 'Idempotency-Key': 'attempt-1' } })).resolves.toEqual({
      authorization: 'Bearer access-2',
    });

    const pings = seenAt('/svc/ping');
    expect(pings.map((p) => p.headers.authorization)).toEqual(['Bearer access-0', 'Bearer access-2']);
    expect(pings.map((p) => p.headers['idempotency-key'])).toEqual(['attempt-1', 'attempt-1']);
  });
});

describe('a limit reached', () => {
  it("is an ApiError carrying the api's message (no code was sent), not retried", async () => {
    const { api } = tab();
    const error = await rejection(api.auth.loginWithCode({ email: 'ann@example.com' }));
    expect([error.status, error.code, error.message]).toEqual([
      429,
      429,
      'Too many codes requested. Try again in 42 minutes.',
    ]);
    expect(seenAt('/svc/users/login-with-code')).toHaveLength(1);
  });
});

describe('on 488', () => {
  it('runs one refresh for five calls failing together, and all five succeed with the new token', async () => {
    const { api, session, storage, reload } = tab({ token: 'expired' });

    const answers = await Promise.all(Array.from({ length: 5 }, () => api.http.call(pingCall)));

    expect(answers).toEqual(Array(5).fill({ authorization: 'Bearer access-2' }));
    const refreshes = seenAt('/svc/users/refreshToken');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(refreshes[0]?.headers).toMatchObject({ device_id: session.deviceId(), client_version: 'v3' });
    expect(seenAt('/svc/ping').map((r) => r.headers.authorization)).toEqual([
      ...Array(5).fill('Bearer expired'),
      ...Array(5).fill('Bearer access-2'),
    ]);
    expect(session.$session.get()).toMatchObject({
      token: 'access-2',
      refreshToken: 'refresh-2',
      expirationTime: '2030-01-01T00:00:00.000Z',
    });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEYS.session) ?? 'null')).toMatchObject({ token: 'access-2' });
    expect(reload).not.toHaveBeenCalled();
  });

  it('resends a POST body unchanged on the retry', async () => {
    const { api } = tab({ token: 'expired' });

    await expect(api.account.updateEmail({ email: 'ada@work.example.com' })).resolves.toEqual({ sent: true });

    expect(seenAt('/svc/account/updateEmail').map((r) => [r.headers.authorization, r.body])).toEqual([
      ['Bearer expired', { email: 'ada@work.example.com' }],
      ['Bearer access-2', { email: 'ada@work.example.com' }],
    ]);
  });

  it('refreshes for the admin too, which calls the ky instance directly', async () => {
    const { api } = tab({ token: 'expired' });

    const response = await api.http.ky(`${baseUrl}/ping`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: 200, data: { authorization: 'Bearer access-2' } });
    expect(seenAt('/svc/users/refreshToken')).toHaveLength(1);
  });

  it('is an ApiError when no refresh token is stored, and no refresh is tried', async () => {
    const api = createApi({ baseUrl, session: { accessToken: () => 'expired' } });
    const withEmptyRefresh = tab();
    withEmptyRefresh.session.signIn(loginData('expired', ''));

    const error = await rejection(api.http.call(pingCall));
    const again = await rejection(withEmptyRefresh.api.http.call(pingCall));

    expect([error.code, error.status, again.code]).toEqual([488, 401, 488]);
    expect(seenAt('/svc/users/refreshToken')).toHaveLength(0);
  });

  it('retries a call once only: a second 488 is the answer', async () => {
    server.pingAlwaysExpired = true;
    const { api, reload } = tab({ token: 'expired' });

    const error = await rejection(api.http.call(pingCall));

    expect(error.code).toBe(488);
    expect(seenAt('/svc/ping')).toHaveLength(2);
    expect(seenAt('/svc/users/refreshToken')).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('refreshes in one tab only: the other, waiting on the lock, takes the rotated tokens', async () => {
    // A slow refresh, so the second tab's call surely fails while the first tab refreshes.
    server.refreshDelayMs = 150;
    const storage = new MemoryStorage();
    const locks = inProcessLocks();
    const first = tab({ token: 'expired', storage, locks });
    const second = tab({ storage, locks });

    const answers = await Promise.allSettled([first.api.http.call(pingCall), second.api.http.call(pingCall)]);

    expect(answers).toEqual([
      { status: 'fulfilled', value: { authorization: 'Bearer access-2' } },
      { status: 'fulfilled', value: { authorization: 'Bearer access-2' } },
    ]);
    // A second refresh with refresh-1 would have been refused as reuse (499).
    expect(seenAt('/svc/users/refreshToken')).toHaveLength(1);
    expect(locks.names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
    expect(second.session.$session.get()?.refreshToken).toBe('refresh-2');
    expect([first.reload, second.reload].map((reload) => reload.mock.calls.length)).toEqual([0, 0]);
  });
});

/** A JWT-shaped access token with `exp` (and `iat`, when given; seconds); the stand-in api checks no signature. */
function jwt(exp: number, iat?: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'U0123456789A', iat, exp })}.signature`;
}

describe('an access token its exp says has expired (issue 33)', () => {
  const NOW = 1_900_000_000_000;

  it('is refreshed once before five calls leave, and none of them meets a 488', async () => {
    const { api, session } = tab({ token: jwt(NOW / 1000 - 5), now: () => NOW });

    const answers = await Promise.all(Array.from({ length: 5 }, () => api.http.call(pingCall)));

    expect(answers).toEqual(Array(5).fill({ authorization: 'Bearer access-2' }));
    expect(seenAt('/svc/users/refreshToken')).toHaveLength(1);
    expect(seenAt('/svc/ping').map((r) => r.headers.authorization)).toEqual(Array(5).fill('Bearer access-2'));
    expect(session.$session.get()?.token).toBe('access-2');
  });

  it('is refreshed within a second of its expiry too (it would expire on the way)', async () => {
    const { api } = tab({ token: jwt(NOW / 1000), now: () => NOW - 500 });

    await expect(api.http.call(pingCall)).resolves.toEqual({ authorization: 'Bearer access-2' });
    expect(seenAt('/svc/ping')).toHaveLength(1);
  });

  it("is refreshed a second early when its iat second was nearly over (whole seconds): the api's exp comes that much sooner", async () => {
    // Signed at 0.9 s into its iat second, received at once: a 3-second token the api expires 2.1 s later.
    let now = NOW + 900;
    const token = jwt(NOW / 1000 + 3, NOW / 1000);
    server.accessToken = token;
    const { api } = tab({ token, now: () => now });
    await expect(api.http.call(pingCall)).resolves.toEqual({ authorization: `Bearer ${token}` });

    // 1.2 s after receipt, 0.9 s before the api's expiry: a call leaving now may arrive after it.
    now += 1_200;
    await expect(api.http.call(pingCall)).resolves.toEqual({ authorization: 'Bearer access-2' });
    expect(seenAt('/svc/ping').map((r) => r.headers.authorization)).toEqual([`Bearer ${token}`, 'Bearer access-2']);
  });

  it('is sent as it is while its exp is ahead, and a token that is no JWT is too (a 488 refreshes it)', async () => {
    server.accessToken = jwt(NOW / 1000 + 60);
    const fresh = tab({ token: server.accessToken, now: () => NOW });

    await expect(fresh.api.http.call(pingCall)).resolves.toEqual({ authorization: `Bearer ${server.accessToken}` });
    expect(seenAt('/svc/users/refreshToken')).toHaveLength(0);

    const opaque = tab({ token: 'opaque', now: () => NOW });
    await expect(opaque.api.http.call(pingCall)).resolves.toEqual({ authorization: 'Bearer access-2' });
    expect(
      seenAt('/svc/ping')
        .map((r) => r.headers.authorization)
        .slice(1),
    ).toEqual(['Bearer opaque', 'Bearer access-2']);
  });

  it("is told by this browser's clock, however far the api's clock is ahead (its age counts from receipt)", async () => {
    // The api's clock a day ahead (a wrong computer clock; the dev clock the journeys move): a
    // 3-second token it signed has expired 5 seconds later here, though its exp is a day ahead.
    const day = 86_400;
    let now = NOW;
    const token = jwt(NOW / 1000 + day + 3, NOW / 1000 + day);
    server.accessToken = token;
    const { api } = tab({ token, now: () => now });

    await expect(api.http.call(pingCall)).resolves.toEqual({ authorization: `Bearer ${token}` });
    now += 5_000;
    await expect(api.http.call(pingCall)).resolves.toEqual({ authorization: 'Bearer access-2' });

    expect(seenAt('/svc/users/refreshToken')).toHaveLength(1);
    expect(seenAt('/svc/ping').map((r) => r.headers.authorization)).toEqual([`Bearer ${token}`, 'Bearer access-2']);
  });

  it('is refreshed by one tab only: the other, waiting on the lock, takes the rotated tokens', async () => {
    server.refreshDelayMs = 150;
    const storage = new MemoryStorage();
    const locks = inProcessLocks();
    const first = tab({ token: jwt(NOW / 1000 - 5), storage, locks, now: () => NOW });
    const second = tab({ storage, locks, now: () => NOW });

    const answers = await Promise.all([first.api.http.call(pingCall), second.api.http.call(pingCall)]);

    expect(answers).toEqual([{ authorization: 'Bearer access-2' }, { authorization: 'Bearer access-2' }]);
    expect(seenAt('/svc/users/refreshToken')).toHaveLength(1);
    expect(seenAt('/svc/ping').map((r) => r.headers.authorization)).toEqual(Array(2).fill('Bearer access-2'));
  });

  it('ends a dead session before any call leaves: every call is the 499', async () => {
    server.refreshMode = 'dead';
    const { api, reload } = tab({ token: jwt(NOW / 1000 - 5), now: () => NOW });

    const errors = await Promise.all(Array.from({ length: 3 }, () => rejection(api.http.call(pingCall))));

    expect(errors.map((e) => [e.code, e.status])).toEqual(Array(3).fill([499, 401]));
    expect(seenAt('/svc/ping')).toHaveLength(0);
    expect(seenAt('/svc/users/refreshToken')).toHaveLength(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('on 499 from the refresh', () => {
  it.each(['dead', 'garbage'] as const)(
    'marks the session logged out and rejects every waiting call with 499 (refresh answer: %s)',
    async (mode) => {
      server.refreshMode = mode;
      const { api, session, storage, reload } = tab({ token: 'expired' });
      const before = Date.now();

      const errors = await Promise.all(Array.from({ length: 5 }, () => rejection(api.http.call(pingCall))));

      expect(errors.map((e) => [e.code, e.message])).toEqual(Array(5).fill([499, authMessages.sessionExpired]));
      expect(seenAt('/svc/users/refreshToken')).toHaveLength(1);
      expect(seenAt('/svc/ping')).toHaveLength(5);
      expect(Number(storage.getItem(SESSION_STORAGE_KEYS.loggedOut))).toBeGreaterThanOrEqual(before);
      expect(storage.getItem(SESSION_STORAGE_KEYS.session)).toBeNull();
      expect(session.$session.get()).toBeNull();
      expect(reload).toHaveBeenCalledTimes(1);
    },
  );
});

describe('the calls under way when a person logs out', () => {
  it('are waited for (the ones with the token only), never longer than the cap', async () => {
    const answers: ((response: Response) => void)[] = [];
    const fetch = (input: URL | RequestInfo) =>
      new Promise<Response>((resolve) => {
        const url = input instanceof Request ? input.url : String(input);
        // The public call never answers: a log-out does not wait for it.
        if (!new URL(url).pathname.endsWith('/public-ping')) answers.push(resolve);
      });
    const api = createApi({ baseUrl: 'http://api.invalid/svc', fetch, timeoutMs: 2_000 });
    const signed = api.http.call(pingCall);
    void api.http.call(publicPingCall).catch(() => undefined);
    let settled = false;
    const waiting = api.http.signedCallsSettled(10_000).then(() => {
      settled = true;
    });
    // Every step that could settle it without the answer has run: the call is still unanswered.
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
    expect(answers).toHaveLength(1);
    expect(settled).toBe(false);
    answers[0]?.(
      new Response(JSON.stringify({ code: 200, data: { authorization: null } }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    await waiting;
    await expect(signed).resolves.toEqual({ authorization: null });

    // A call that hangs holds the log-out no longer than the cap.
    void api.http.call(pingCall).catch(() => undefined);
    const started = Date.now();
    await api.http.signedCallsSettled(50);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
