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
  A extends CallAuth = CallAuth,
  U extends string | undefined = string | undefined,
> {
  method: HttpMethod;
  /** Relative to /svc. A `{name}` segment is the query field `name`, carried in the path (`/messages/{conversationId}`). */
  path: string;
  /** The path is from the site's root, not under /svc (the spec's /search calls). */
  root?: boolean;
  /**
   * The spec's other names for this same call (section 7 names some of today's calls twice):
   * the api serves each with this call's schemas and handler, and describes each.
   */
  alsoAt?: readonly string[];
  /**
   * The body's fields may come in the query string instead (section 7 gives the payload as
   * query or params); fields in a JSON body win over the same in the query.
   */
  bodyInQuery?: boolean;
  /** `response` describes the success body's fields beside `code` rather than its `data`. */
  flat?: boolean;
  auth: A;
  summary: string;
  query?: Q;
  body?: B;
  /** The body is multipart with one file, sent under this field name (a photo upload). */
  upload?: U;
  /** Schema of `data` in the success envelope. */
  response: R;
}

export function defineCall<
  R extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends CallAuth = CallAuth,
  U extends string | undefined = undefined,
>(call: Call<Q, B, R, A, U>): Call<Q, B, R, A, U> {
  return call;
}

/**
 * A capability's calls by the names its client and its handlers use (`listingCalls.detail`).
 * Each contract file exports its maps; the client binds them and the api serves them.
 */
export type CallMap = Readonly<Record<string, Call>>;

type Joined<Ms extends readonly CallMap[]> = Ms extends readonly [infer First, ...infer Rest extends readonly CallMap[]]
  ? First & Joined<Rest>
  : unknown;

/** Several maps served or shown together; a name in two of them is a mistake, refused at once. */
export function joinCalls<const Ms extends readonly CallMap[]>(...maps: Ms): Joined<Ms> {
  const joined: Record<string, Call> = {};
  for (const map of maps) {
    for (const [name, call] of Object.entries(map)) {
      if (Object.hasOwn(joined, name)) throw new Error(`Two call maps name a call "${name}"`);
      joined[name] = call;
    }
  }
  return joined as Joined<Ms>;
}

export type CallQuery<C> =
  C extends Call<infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type CallBody<C> =
  C extends Call<z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type CallData<C> = C extends Call<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;

/** The `{name}` segments of a call's path: query fields carried in the path. */
export function pathFields(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}
