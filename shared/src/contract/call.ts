import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may make a call: anyone, anyone (the token is used when present), or a signed-in user. */
export type CallAuth = 'none' | 'optional' | 'required';

/**
 * One call of the /svc api: the single definition the api registers and validates with
 * (input AND output) and the client parses answers with. `path` is relative to /svc.
 */
export interface Call<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /** The path is from the site's root, not under /svc (the spec's /search calls). */
  root?: boolean;
  /** `response` describes the success body's fields beside `code` rather than its `data`. */
  flat?: boolean;
  auth: CallAuth;
  summary: string;
  query?: Q;
  body?: B;
  /** Schema of `data` in the success envelope. */
  response: R;
}

export function defineCall<
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(call: Call<Q, B, R>): Call<Q, B, R> {
  return call;
}

export type CallQuery<C> =
  C extends Call<infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type CallBody<C> =
  C extends Call<z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type CallData<C> = C extends Call<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;
