import { GENERIC_ERROR_MESSAGE, type HttpClient, networkMessage } from '@yardly/shared/client';
import { type FailureEnvelope, failureEnvelopeSchema } from '@yardly/shared/contract';
import { type fetchUtils, HttpError } from 'react-admin';
import { api } from './api';

/** What ra-data-simple-rest expects back from its httpClient (the shape of fetchUtils.fetchJson). */
export interface HttpResult {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export type RaHttpClient = (url: string, options?: fetchUtils.Options) => Promise<HttpResult>;

const ENVELOPE_KEYS = new Set(['code', 'data', 'msg', 'error', 'errors']);

/**
 * ra-data-simple-rest's httpClient on top of the shared client's ky instance (token attached).
 * Admin lists come as plain arrays with Content-Range; single records may come plain or in
 * the envelope, whose `data` is unwrapped. Failures become react-admin HttpErrors with the
 * server's message, and field errors land in `body.errors` so forms show them on the fields.
 */
export function makeHttpClient(client: Pick<HttpClient, 'ky'>): RaHttpClient {
  return async (url, options = {}) => {
    // `user` is fetchJson's own token option; the shared client attaches the token instead.
    const { user: _user, headers: headersInit, ...init } = options;
    const headers = new Headers(headersInit);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (init.body != null && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
      headers.set('Content-Type', 'application/json');
    }

    let response: Response;
    try {
      response = await client.ky(url, { ...init, headers });
    } catch (cause) {
      // react-query cancels with an abort: let it through untouched.
      if (cause instanceof Error && cause.name === 'AbortError') throw cause;
      throw new HttpError(networkMessage(cause), 0, { cause: String(cause) });
    }

    const body = await response.text();
    const json = parseJson(body);
    const envelope = asEnvelope(json);

    if (!response.ok || (envelope && envelope.code !== 200)) {
      throw toHttpError(response.status, envelope, json);
    }
    return {
      status: response.status,
      headers: response.headers,
      body,
      json: envelope && 'data' in envelope ? envelope.data : json,
    };
  };
}

/** The console's httpClient: the shared client's ky instance, with the stored session's token. */
export const httpClient: RaHttpClient = makeHttpClient(api.http);

function toHttpError(status: number, envelope: EnvelopeLike | null, json: unknown): HttpError {
  const failure = envelope ? failureEnvelopeSchema.safeParse(envelope) : null;
  if (!failure?.success) {
    return new HttpError(GENERIC_ERROR_MESSAGE, status, json);
  }
  const { msg, error, errors = [] } = failure.data;
  const message = msg ?? error ?? errors[0]?.message ?? GENERIC_ERROR_MESSAGE;
  if (errors.length === 0) return new HttpError(message, status, failure.data);
  return new HttpError(message, status, { ...failure.data, errors: fieldErrors(failure.data) });
}

/**
 * react-admin's server-side validation shape: `{ [field]: message }` (dotted names reach
 * nested inputs); `root.serverError` is the form-level notification when the server sent one.
 */
function fieldErrors({ msg, errors = [] }: FailureEnvelope): Record<string, unknown> {
  const byField: Record<string, unknown> = {};
  for (const { field, message } of errors) {
    if (!(field in byField)) byField[field] = message;
  }
  if (msg) byField.root = { serverError: msg };
  return byField;
}

type EnvelopeLike = { code: number; data?: unknown } & Record<string, unknown>;

/** The envelope, told apart from a plain record by its numeric `code` and no foreign keys. */
function asEnvelope(json: unknown): EnvelopeLike | null {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const record = json as Record<string, unknown>;
  if (typeof record.code !== 'number') return null;
  return Object.keys(record).every((key) => ENVELOPE_KEYS.has(key)) ? (record as EnvelopeLike) : null;
}

function parseJson(body: string): unknown {
  if (body === '') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
