import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it.each([
    ['2026-11-22', '22 Nov 2026'],
    ['2026-11-22T08:30:00Z', '22 Nov 2026'],
    ['2026-01-01T00:00:00.000Z', '1 Jan 2026'],
    ['2026-09-05', '5 Sept 2026'],
    ['2026-05-31T23:59:59Z', '31 May 2026'],
  ])('formats %s as %s', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it('formats a Date and an epoch number', () => {
    expect(formatDate(new Date(Date.UTC(2025, 11, 25)))).toBe('25 Dec 2025');
    expect(formatDate(0)).toBe('1 Jan 1970');
  });

  it('uses the UTC day, whatever the offset in the input', () => {
    expect(formatDate('2026-11-22T23:30:00-05:00')).toBe('23 Nov 2026');
  });

  it.each([['not a date'], [''], [null], [undefined], [new Date('nope')], ['2026-13-45']])(
    'gives an empty string for %j',
    (input) => {
      expect(formatDate(input)).toBe('');
    },
  );
});
