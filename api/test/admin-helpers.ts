import type { TestApp } from './harness';

/** A call with a method, a path, a token (or none) and a JSON body (or none), as the console makes it. */
export function callAs(t: TestApp, method: string, url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    payload: payload as object | undefined,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** react-admin's list query: each parameter (`sort`, `range`, `filter`) as JSON. */
export function listQuery(params: Record<string, unknown>): string {
  const entries = Object.entries(params).map(([k, v]): [string, string] => [k, JSON.stringify(v)]);
  return `?${new URLSearchParams(entries).toString()}`;
}
