import { describe, expect, it } from 'vitest';
import {
  bankAccountMessages,
  bankAccountSchema,
  formatDateOfBirth,
  individualFields,
  individualMessages,
  isRoutingNumber,
  maskAccountNumber,
  parseDateOfBirth,
} from './bank-account';

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

describe('the individual: date of birth and the last 4 of the SSN (spec section 5)', () => {
  it('formats the date of birth MM/DD/YYYY as typed, the month at most 12, the day at most 31', () => {
    expect(formatDateOfBirth('0')).toBe('0');
    expect(formatDateOfBirth('13')).toBe('12');
    expect(formatDateOfBirth('0732')).toBe('07/31');
    expect(formatDateOfBirth('07041990')).toBe('07/04/1990');
    expect(formatDateOfBirth('07/04/19901')).toBe('07/04/1990');
  });

  it('accepts a real date of birth, refuses anything else', () => {
    expect(parseDateOfBirth('07/04/1990')).toEqual({ day: 4, month: 7, year: 1990 });
    for (const bad of ['13/01/1990', '02/30/1990', '00/10/1990', '7/4/1990', '07/04/1899', ''])
      expect(parseDateOfBirth(bad), bad).toBeNull();
    expect(individualFields.dob.safeParse('02/30/1990').error?.issues[0]?.message).toBe(individualMessages.dobInvalid);
  });

  it('takes exactly the last 4 digits of the SSN; empty is an error', () => {
    expect(individualFields.idNumber.safeParse('1234').success).toBe(true);
    for (const bad of ['', '123', '12345', 'abcd', undefined])
      expect(individualFields.idNumber.safeParse(bad).error?.issues[0]?.message).toBe(
        individualMessages.idNumberInvalid,
      );
  });
});
