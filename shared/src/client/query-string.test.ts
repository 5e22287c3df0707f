import { describe, expect, it } from 'vitest';
import { fillPath, fromQueryString, toQueryString } from './query-string';

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

describe('path fields', () => {
  it('fills `{name}` segments from the query, escaped, and leaves the rest to the query string', () => {
    expect(fillPath('/messages/{conversationId}', { conversationId: 'T1/2', before: 'M9', size: 2 })).toEqual({
      path: '/messages/T1%2F2',
      rest: { before: 'M9', size: 2 },
    });
    const query = { page: 0 };
    expect(fillPath('/messages', query)).toEqual({ path: '/messages', rest: query });
  });
});
