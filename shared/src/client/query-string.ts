type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

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
