import { describe, expect, it } from 'vitest';
import {
  COMMISSION_SCHEDULE,
  centsToDollarInput,
  centsToDollars,
  commissionCents,
  commissionRate,
  dollarInputToCents,
  dollarsToCents,
  formatCents,
  formatMoney,
  sellerReceivesCents,
} from './money';

describe('formatMoney', () => {
  it.each([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [5, '$5.00'],
    [19.99, '$19.99'],
    [1234567.891, '$1,234,567.89'],
    [1.005, '$1.01'],
    [-12.5, '-$12.50'],
    ['1234.5', '$1,234.50'],
    [' 42 ', '$42.00'],
    ['0', '$0.00'],
  ])('formats %j as %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it('returns the placeholders "-" and "" unchanged', () => {
    expect(formatMoney('-')).toBe('-');
    expect(formatMoney('')).toBe('');
  });

  it.each([null, undefined, 'abc', '12abc', '   ', Number.NaN, Number.POSITIVE_INFINITY])(
    'gives an empty string for %j instead of $NaN',
    (input) => {
      expect(formatMoney(input)).toBe('');
    },
  );
});

describe('formatCents', () => {
  it.each([
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [1, '$0.01'],
    [99, '$0.99'],
    [-250, '-$2.50'],
  ])('formats %d cents as %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('gives an empty string for NaN', () => {
    expect(formatCents(Number.NaN)).toBe('');
  });
});

describe('dollarsToCents / centsToDollars', () => {
  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.115, 112],
    [-1.005, -101],
    [-0.001, 0],
    [0, 0],
  ])('dollarsToCents(%d) = %d', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it('never returns -0', () => {
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
  });

  it('converts cents back to dollars', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(0)).toBe(0);
    expect(centsToDollars(100.5)).toBe(1.01);
  });

  it('refuses NaN and Infinity', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => centsToDollars(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('dollar inputs', () => {
  it.each([
    ['45', 4500],
    ['45.5', 4550],
    [' 45.50 ', 4550],
    ['0', 0],
    ['.99', 99],
    ['1.005', null],
    ['12.345', null],
    ['-5', null],
    ['', null],
    ['abc', null],
    ['1e3', null],
  ])('%j typed is %j cents', (typed, cents) => {
    expect(dollarInputToCents(typed)).toBe(cents);
  });

  it('shows cents back as the dollars a person typed', () => {
    expect(centsToDollarInput(4550)).toBe('45.5');
    expect(centsToDollarInput(4500)).toBe('45');
    expect(dollarInputToCents(centsToDollarInput(1999))).toBe(1999);
  });
});

describe('commission schedule', () => {
  it.each([
    [0, 0],
    [99, 0],
    [100, 0],
    [1499, 0],
    [1500, 0.15],
    [2499, 0.15],
    [2500, 0.1],
    [2999, 0.1],
    [3000, 0.08],
    [4999, 0.08],
    [5000, 0.05],
    [100_000_00, 0.05],
  ])('a price of %d cents pays a rate of %d', (priceCents, rate) => {
    expect(commissionRate(priceCents)).toBe(rate);
  });

  it.each([
    [0, 0, 0],
    [1499, 0, 1499],
    [1500, 225, 1275],
    [2499, 375, 2124], // 374.85 rounds up
    [2500, 250, 2250],
    [2999, 300, 2699], // 299.9 rounds up
    [3000, 240, 2760],
    [4999, 400, 4599], // 399.92 rounds down
    [5000, 250, 4750],
    [1510, 227, 1283], // exactly 226.5: half rounds up
    [5010, 251, 4759], // exactly 250.5: half rounds up
  ])('a %d cent sale: commission %d, seller receives %d', (price, commission, seller) => {
    expect(commissionCents(price)).toBe(commission);
    expect(sellerReceivesCents(price)).toBe(seller);
  });

  it('refuses negative and fractional prices', () => {
    expect(() => commissionRate(-1)).toThrow(RangeError);
    expect(() => commissionCents(14.5)).toThrow(RangeError);
    expect(() => sellerReceivesCents(Number.NaN)).toThrow(RangeError);
  });

  it('publishes the table the FAQ renders, contiguous from $1 up', () => {
    expect(
      COMMISSION_SCHEDULE.map((b) => [
        formatCents(b.fromCents),
        b.toCents === null ? 'and up' : formatCents(b.toCents),
        `${Math.round(b.rate * 100)}%`,
      ]),
    ).toEqual([
      ['$1.00', '$14.99', '0%'],
      ['$15.00', '$24.99', '15%'],
      ['$25.00', '$29.99', '10%'],
      ['$30.00', '$49.99', '8%'],
      ['$50.00', 'and up', '5%'],
    ]);
    for (let i = 1; i < COMMISSION_SCHEDULE.length; i++) {
      expect(COMMISSION_SCHEDULE[i]?.fromCents).toBe((COMMISSION_SCHEDULE[i - 1]?.toCents ?? Number.NaN) + 1);
    }
    expect(Object.isFrozen(COMMISSION_SCHEDULE)).toBe(true);
  });
});
