import { vi } from 'vitest';

/** A request the page sent to /svc, as the api would read it. */
export interface SentCall {
  method: string;
  /** The path under /svc with its query, e.g. '/payment/createPI'. */
  path: string;
  headers: Headers;
  body: unknown;
}

/** An answer: the data of a success, or a refusal in the envelope with its HTTP status. */
export type FakeAnswer =
  | { data: unknown }
  | { status: number; msg: string; errors?: { field: string; message: string }[] };

type Route = (call: SentCall) => FakeAnswer | Promise<FakeAnswer>;

/**
 * The api as a browser test's fetch sees it: each 'METHOD /path' answers through its route, in
 * the envelope the real client parses with the contract's schemas; every call is recorded. An
 * unknown call fails the test. For happy-dom tests, which have no api to reach.
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: SentCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: SentCall = {
      method: request.method,
      path: `${url.pathname.replace(/^\/svc/, '')}${url.search}`,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${url.pathname.replace(/^\/svc/, '')}`];
    if (!route) throw new Error(`unexpected call ${call.method} ${call.path}`);
    const answer = await route(call);
    const [status, envelope] =
      'data' in answer
        ? [200, { code: 200, data: answer.data }]
        : [answer.status, { code: answer.status, msg: answer.msg, errors: answer.errors }];
    return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, to: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}
