import { describe, expect, it } from 'vitest';
import { bankAccountMessages, bankAccountSchema, isRoutingNumber, maskAccountNumber } from './bank-account';

describe('routing numbers', () => {
  it.each(['011000015', '021000021', '121000358', '322271627'])('accepts the real routing number %s', (n) => {
    expect(isRoutingNumber(n)).toBe(true);
  });
  it.each([
    ['a wrong check digit', '021000022'],
    ['8 digits', '02100002'],
    ['letters', '02100002a'],
    ['a prefix outside the Federal Reserve ranges', '500000005'],
  ])('refuses %s', (_why, n) => {
    expect(isRoutingNumber(n)).toBe(false);
  });
});

describe('bank account form', () => {
  it('shows only the last four digits', () => {
    expect(maskAccountNumber('000123456789')).toBe('****6789');
  });
  it('says what is wrong with each field', () => {
    const result = bankAccountSchema.safeParse({ accountHolder: ' ', routingNumber: '123456789', accountNumber: '12' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      bankAccountMessages.holderRequired,
      bankAccountMessages.routingInvalid,
      bankAccountMessages.accountInvalid,
    ]);
  });
});
