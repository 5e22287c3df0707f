import ky, { type KyInstance, type Options } from 'ky';
import { refreshTokenCall } from '../contract/auth';
import type { Call, CallBody, CallData, CallQuery } from '../contract/call';
import { ENVELOPE_CODES, failureEnvelopeSchema, successBodySchema } from '../contract/envelope';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api-error';
import { isAuthPath } from './device';
import { fillPath, toQueryString } from './query-string';
import { accessTokenExpiry, expiredBy } from './token-expiry';
import { createTokenRefresher, type RefreshLocks, type RefreshOutcome } from './token-refresh';

/** The new tokens a refresh answers (the response of POST /users/refreshToken). */
export type RefreshedTokens = CallData<typeof refreshTokenCall>;

/**
 * The session seam: identity plugs its token store in here (`createSession().hooks`).
 * Only `accessToken` is required; without `refreshToken` a 488 is final.
 */
export interface SessionHooks {
  accessToken(): string | null;
  /** The refresh token as stored now: read fresh, since another tab may have rotated it. */
  refreshToken?(): string | null;
  /** A refresh succeeded: keep the new tokens. */
  onRefreshed?(tokens: RefreshedTokens): void;
  /** The refresh answered 499: the session is dead (set the logged-out marker, clear, reload). */
  onSessionDead?(): void;
  /** The device headers sent on auth calls (paths under /users/ and /account/). */
  deviceHeaders?(): Record<string, string>;
  /**
   * When the current access token expires by this browser's clock (ms), null when unknown.
   * Without it, the token's own `exp` is read as if both clocks agreed.
   */
  accessTokenExpiresAt?(): number | null;
}

export interface HttpClientOptions {
  /** Where /svc lives: '/svc' in the browser, an absolute URL on the server. */
  baseUrl?: string;
  /** The token store: hooks, or a session that carries them (`createSession()`). */
  session?: SessionHooks | { readonly hooks: SessionHooks };
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The cross-tab refresh lock: `navigator.locks` by default where the browser has it. */
  locks?: RefreshLocks | null;
  /** The time now in ms, to tell an expired access token (default `Date.now`). */
  now?: () => number;
}

function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

export type CallInput<C> = (CallQuery<C> extends undefined ? { query?: undefined } : { query: CallQuery<C> }) &
  (CallBody<C> extends undefined ? { body?: FormData } : { body?: CallBody<C> }) & {
    /** Headers a call asks for besides the session's (createPI's Idempotency-Key). */
    headers?: Record<string, string>;
  };

export interface HttpClient {
  /** Make one contract call: typed input, typed `data`, an ApiError on failure. */
  call<C extends Call>(call: C, input?: CallInput<C>): Promise<CallData<C>>;
  /** The ky instance (token, device headers, refresh on 488), for callers that speak another dialect (the admin). */
  ky: KyInstance;
  baseUrl: string;
  /**
   * Resolves once the calls sent with the login's token have their answers, or after `maxMs`: a
   * log-out waits for them, since the server refuses what arrives after the login ended.
   */
  signedCallsSettled(maxMs: number): Promise<void>;
}

/** ky `context` flags: the call is made without a token; the call is the one retry after a refresh. */
const NO_TOKEN = 'noToken';
const AFTER_REFRESH = 'afterRefresh';

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = (options.baseUrl ?? '/svc').replace(/\/$/, '');
  const basePath = new URL(baseUrl, 'http://base.invalid').pathname.replace(/\/$/, '');
  // Calls flagged `root` live beside /svc (the spec's /search paths).
  const rootUrl = baseUrl.replace(/\/svc$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const session = options.session && 'hooks' in options.session ? options.session.hooks : options.session;
  const refresh = session?.refreshToken
    ? createTokenRefresher({
        url: `${baseUrl}${refreshTokenCall.path}`,
        session,
        fetch: options.fetch,
        timeoutMs,
        locks: options.locks,
      })
    : null;

  const instance: KyInstance = ky.create({
    throwHttpErrors: false,
    retry: 0,
    timeout: timeoutMs,
    fetch: options.fetch,
    hooks: {
      beforeRequest: [
        async (request, requestOptions) => {
          if (session && isAuthPath(svcPath(request.url, basePath))) {
            for (const [name, value] of Object.entries(session.deviceHeaders?.() ?? {})) {
              if (!request.headers.has(name)) request.headers.set(name, value);
            }
          }
          if (requestOptions.context[NO_TOKEN] || request.headers.has('Authorization')) return;
          let token = session?.accessToken();
          // A token known to be expired (its `exp`) is refreshed first, once for every call and
          // tab (the same refresh as after a 488): sent as is it would only come back as a 401.
          const expiresAt = token && (session?.accessTokenExpiresAt?.() ?? accessTokenExpiry(token));
          if (token && refresh && expiredBy(expiresAt || null, now())) {
            const outcome = await refresh(token);
            if (outcome.kind === 'failed') return failureResponse(outcome);
            if (outcome.kind === 'retry') token = outcome.accessToken;
          }
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        async (request, requestOptions, response) => {
          if (!refresh || response.status !== 401 || requestOptions.context[AFTER_REFRESH]) return;
          const sentToken = bearerToken(request);
          if (!sentToken) return;
          const envelope = failureEnvelopeSchema.safeParse(await response.json().catch(() => undefined));
          if (!envelope.success || envelope.data.code !== ENVELOPE_CODES.accessTokenExpired) return;
          const outcome = await refresh(sentToken);
          return answerAfterRefresh(request, requestOptions.context, outcome);
        },
      ],
    },
  });

  /** The answer to a call that met a 488: its one retry with the new token, or the refresh's failure. */
  async function answerAfterRefresh(
    request: Request,
    context: Record<string, unknown>,
    outcome: RefreshOutcome,
  ): Promise<Response | undefined> {
    if (outcome.kind === 'unavailable') return undefined;
    if (outcome.kind === 'failed') return failureResponse(outcome);
    const headers = new Headers(request.headers);
    headers.set('Authorization', `Bearer ${outcome.accessToken}`);
    const retry: Options = {
      method: request.method,
      headers,
      // ky hands hooks an unread clone of the request, so the body is still there to resend.
      body: request.body ? await request.arrayBuffer() : undefined,
      signal: request.signal,
      context: { ...context, [AFTER_REFRESH]: true },
    };
    return instance(request.url, retry);
  }

  /** The calls under way that carry the login's token. */
  const signedCalls = new Set<Promise<unknown>>();

  function call<C extends Call>(definition: C, input?: CallInput<C>): Promise<CallData<C>> {
    const made = send(definition, input);
    if (definition.auth === 'none') return made;
    const settled = made.catch(() => undefined);
    signedCalls.add(settled);
    void settled.then(() => signedCalls.delete(settled));
    return made;
  }

  async function signedCallsSettled(maxMs: number): Promise<void> {
    if (signedCalls.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMs);
    });
    await Promise.race([Promise.allSettled([...signedCalls]), cap]);
    clearTimeout(timer);
  }

  async function send<C extends Call>(definition: C, input?: CallInput<C>): Promise<CallData<C>> {
    const { query, body, headers } = (input ?? {}) as {
      query?: Record<string, never>;
      body?: unknown;
      headers?: Record<string, string>;
    };
    const { path, rest } = fillPath(definition.path, query);
    const qs = toQueryString(rest);
    const url = `${definition.root ? rootUrl : baseUrl}${path}${qs ? `?${qs}` : ''}`;
    let response: Response;
    try {
      response = await instance(url, {
        method: definition.method,
        headers,
        // A file upload goes as multipart (the browser sets its boundary); everything else as JSON.
        ...(isFormData(body) ? { body } : { json: body }),
        context: { [NO_TOKEN]: definition.auth === 'none' },
      });
    } catch (cause) {
      throw new ApiError({ code: 0, status: 0, message: networkMessage(cause) });
    }
    const payload: unknown = await response.json().catch(() => undefined);
    const success = successBodySchema(definition).safeParse(payload);
    if (response.ok && success.success) {
      const parsed = success.data as { data?: unknown };
      return (definition.flat ? parsed : parsed.data) as CallData<C>;
    }
    const failure = failureEnvelopeSchema.safeParse(payload);
    if (failure.success && failure.data.code !== 200) {
      const { code, msg, error, errors } = failure.data;
      throw new ApiError({
        code,
        status: response.status,
        message: msg ?? error ?? errors?.[0]?.message ?? GENERIC_ERROR_MESSAGE,
        errors,
      });
    }
    throw new ApiError({ code: response.status || 500, status: response.status, message: GENERIC_ERROR_MESSAGE });
  }

  return { call, ky: instance, baseUrl, signedCallsSettled };
}

/** A failed refresh's answer, given to the call in place of its own. */
function failureResponse(outcome: Extract<RefreshOutcome, { kind: 'failed' }>): Response {
  return new Response(JSON.stringify(outcome.envelope), {
    status: outcome.status,
    headers: { 'content-type': 'application/json' },
  });
}

/** What a person is told when the request never got an answer (offline, timeout). */
export function networkMessage(cause: unknown): string {
  return cause instanceof Error && cause.name === 'TimeoutError'
    ? 'The server took too long to answer, please try again'
    : GENERIC_ERROR_MESSAGE;
}

/** The request's path relative to /svc ('/users/login'), or '' when it is not under /svc. */
function svcPath(url: string, basePath: string): string {
  const { pathname } = new URL(url, 'http://base.invalid');
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : '';
}

function bearerToken(request: Request): string | null {
  const match = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}
