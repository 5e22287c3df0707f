import ky from 'ky';
import { refreshTokenCall } from '../contract/auth';
import { ENVELOPE_CODES, type FailureEnvelope, failureEnvelopeSchema, successEnvelope } from '../contract/envelope';
import { authMessages } from '../rules/auth';
import type { SessionHooks } from './http-client';

/** The Web Locks name every tab of the site refreshes under, so only one tab refreshes at a time. */
export const REFRESH_LOCK_NAME = 'yardly-refresh';

/** The part of the Web Locks API (`navigator.locks`) the refresh needs; injectable for tests. */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * What became of a refresh asked for after a 488:
 * - `retry`: make the call again with this access token (fresh, or already rotated elsewhere);
 * - `unavailable`: no refresh token is stored, so the 488 is the answer;
 * - `failed`: the refresh itself failed; this status and envelope are the call's answer
 *   (a dead session has already been reported to `onSessionDead`).
 */
export type RefreshOutcome =
  | { kind: 'retry'; accessToken: string }
  | { kind: 'unavailable' }
  | { kind: 'failed'; status: number; envelope: FailureEnvelope };

export interface TokenRefresherOptions {
  /** Absolute or same-origin URL of POST /users/refreshToken. */
  url: string;
  session: SessionHooks;
  fetch?: typeof fetch;
  timeoutMs: number;
  /** Cross-tab lock; `undefined` means `navigator.locks` when the browser has it, `null` none. */
  locks?: RefreshLocks | null;
}

/** The answer every call waiting on a dead session gets: HTTP 401, code 499. */
export const SESSION_DEAD_ENVELOPE: FailureEnvelope = {
  code: ENVELOPE_CODES.sessionDead,
  msg: authMessages.sessionExpired,
};

/**
 * The token refresh after a 488, run once however many calls fail together: calls that fail
 * while a refresh is under way wait for that same refresh. Across tabs the refresh runs under
 * a Web Lock; inside it the stored refresh token is read again, and when another tab has
 * rotated it meanwhile its new access token is used instead of refreshing a second time
 * (a second refresh with the old token would be refused as reuse, 499).
 */
export function createTokenRefresher(
  options: TokenRefresherOptions,
): (failedAccessToken: string) => Promise<RefreshOutcome> {
  const { session } = options;
  let inflight: Promise<RefreshOutcome> | null = null;

  async function post(refreshToken: string): Promise<RefreshOutcome> {
    const response = await ky.post(options.url, {
      json: { refreshToken },
      headers: session.deviceHeaders?.() ?? {},
      fetch: options.fetch,
      timeout: options.timeoutMs,
      retry: 0,
      throwHttpErrors: false,
    });
    const payload: unknown = await response.json().catch(() => undefined);
    const success = successEnvelope(refreshTokenCall.response).safeParse(payload);
    if (response.ok && success.success) {
      session.onRefreshed?.(success.data.data);
      return { kind: 'retry', accessToken: success.data.data.accessToken };
    }
    const failure = failureEnvelopeSchema.safeParse(payload);
    const code = failure.success ? failure.data.code : undefined;
    if (code === ENVELOPE_CODES.sessionDead || response.status === 401) {
      session.onSessionDead?.();
      return { kind: 'failed', status: 401, envelope: SESSION_DEAD_ENVELOPE };
    }
    // Not a verdict on the session (server down, malformed answer): the call fails, the login stays.
    const status = response.ok ? 502 : response.status;
    return {
      kind: 'failed',
      status,
      envelope: failure.success && failure.data.code !== ENVELOPE_CODES.ok ? failure.data : { code: status },
    };
  }

  async function refreshUnlessRotated(failedRefreshToken: string): Promise<RefreshOutcome> {
    const stored = session.refreshToken?.() ?? null;
    if (!stored) return { kind: 'unavailable' };
    if (stored !== failedRefreshToken) {
      const accessToken = session.accessToken();
      return accessToken ? { kind: 'retry', accessToken } : { kind: 'unavailable' };
    }
    return post(stored);
  }

  function exclusive(failedRefreshToken: string): Promise<RefreshOutcome> {
    const locks = options.locks === undefined ? browserLocks() : options.locks;
    const run = () => refreshUnlessRotated(failedRefreshToken);
    return locks ? locks.request(REFRESH_LOCK_NAME, run) : run();
  }

  return (failedAccessToken) => {
    const current = session.accessToken();
    // A refresh (here or in another tab) finished after this call left with the old token.
    if (current && current !== failedAccessToken) return Promise.resolve({ kind: 'retry', accessToken: current });
    const refreshToken = session.refreshToken?.() ?? null;
    if (!refreshToken) return Promise.resolve({ kind: 'unavailable' });
    if (!inflight) {
      inflight = exclusive(refreshToken).finally(() => {
        inflight = null;
      });
    }
    return inflight;
  };
}

/** `navigator.locks` where the browser has it; absent on the server and in old browsers. */
function browserLocks(): RefreshLocks | null {
  const navigator = (globalThis as { navigator?: { locks?: RefreshLocks } }).navigator;
  return navigator?.locks ?? null;
}
