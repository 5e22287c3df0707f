import ky, { type KyInstance } from 'ky';
import type { Call, CallBody, CallData, CallQuery } from '../contract/call';
import { failureEnvelopeSchema, successEnvelope } from '../contract/envelope';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api-error';
import { toQueryString } from './query-string';

/** The session seam: identity plugs its token store and refresh logic in here. */
export interface SessionHooks {
  accessToken(): string | null;
}

export interface HttpClientOptions {
  /** Where /svc lives: '/svc' in the browser, an absolute URL on the server. */
  baseUrl?: string;
  session?: SessionHooks;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type CallInput<C> = (CallQuery<C> extends undefined ? { query?: undefined } : { query: CallQuery<C> }) &
  (CallBody<C> extends undefined ? { body?: undefined } : { body?: CallBody<C> });

export interface HttpClient {
  /** Make one contract call: typed input, typed `data`, an ApiError on failure. */
  call<C extends Call>(call: C, input?: CallInput<C>): Promise<CallData<C>>;
  /** The ky instance (token attached), for callers that speak another dialect (the admin). */
  ky: KyInstance;
  baseUrl: string;
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = (options.baseUrl ?? '/svc').replace(/\/$/, '');
  const instance = ky.create({
    throwHttpErrors: false,
    retry: 0,
    timeout: options.timeoutMs ?? 30_000,
    fetch: options.fetch,
    hooks: {
      beforeRequest: [
        (request, requestOptions) => {
          if (requestOptions.context.noToken) return;
          const token = options.session?.accessToken();
          if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  async function call<C extends Call>(definition: C, input?: CallInput<C>): Promise<CallData<C>> {
    const { query, body } = (input ?? {}) as { query?: Record<string, never>; body?: unknown };
    const qs = toQueryString(query);
    const url = `${baseUrl}${definition.path}${qs ? `?${qs}` : ''}`;
    let response: Response;
    try {
      response = await instance(url, {
        method: definition.method,
        json: body,
        context: { noToken: definition.auth === 'none' },
      });
    } catch (cause) {
      throw new ApiError({ code: 0, status: 0, message: networkMessage(cause) });
    }
    const payload: unknown = await response.json().catch(() => undefined);
    const success = successEnvelope(definition.response).safeParse(payload);
    if (response.ok && success.success) return success.data.data as CallData<C>;
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

  return { call, ky: instance, baseUrl };
}

/** What a person is told when the request never got an answer (offline, timeout). */
export function networkMessage(cause: unknown): string {
  return cause instanceof Error && cause.name === 'TimeoutError'
    ? 'The server took too long to answer, please try again'
    : GENERIC_ERROR_MESSAGE;
}
