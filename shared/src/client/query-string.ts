import { pathFields } from '../contract/call';
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * Query strings the api reads: undefined and null are left out; arrays use the bracket
 * format with a pipe separator (spec section 9): `conditions[]=new|used`.
 */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length) params.append(`${key}[]`, value.join('|'));
    } else {
      params.append(key, String(value));
    }
  }
  return params.toString();
}

/**
 * The other way: a query string to an object. `key[]=a|b` becomes `{ key: ['a', 'b'] }`;
 * other keys keep their last value as a string.
 */
export function fromQueryString(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  new URLSearchParams(search).forEach((value, key) => {
    if (key.endsWith('[]')) {
      const values = value.split('|').filter((v) => v !== '');
      if (values.length) out[key.slice(0, -2)] = values;
    } else {
      out[key] = value;
    }
  });
  return out;
}

/** A call's path with its `{name}` segments filled from the query, and the query fields left. */
export function fillPath(template: string, query: Record<string, QueryValue> | undefined) {
  const fields = pathFields(template);
  if (fields.length === 0) return { path: template, rest: query };
  const rest = { ...query };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path, rest };
}
