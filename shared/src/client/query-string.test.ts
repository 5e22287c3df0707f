import { describe, expect, it } from 'vitest';
import { fromQueryString, toQueryString } from './query-string';

describe('query strings', () => {
  it('writes arrays in bracket format with a pipe separator and leaves out empty values', () => {
    expect(toQueryString({ q: 'lamp', conditions: ['Used', 'Like New'], zip: undefined, delivery: [] })).toBe(
      'q=lamp&conditions%5B%5D=Used%7CLike+New',
    );
  });

  it('reads back what it wrote', () => {
    const query = { q: 'red bike', conditions: ['Used', 'Like New'], page: '2' };
    expect(fromQueryString(toQueryString(query))).toEqual(query);
  });

  it('reads a hand-typed array and ignores empty parts', () => {
    expect(fromQueryString('?delivery[]=shipping||localPickup')).toEqual({ delivery: ['shipping', 'localPickup'] });
  });
});
