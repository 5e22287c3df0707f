import { employeeBenefitInputSchema } from '@yardly/shared/contract';
import { organisationFlowMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { centsFromDollars, dollarsFromCents } from './money-input';

describe('the welcome credit typed in dollars', () => {
  it('shows cents as dollars and sends dollars as whole cents', () => {
    expect(dollarsFromCents(1000)).toBe(10);
    expect(dollarsFromCents(1999)).toBe(19.99);
    expect(dollarsFromCents(undefined)).toBe('');
    expect(centsFromDollars('19.99')).toBe(1999);
    expect(centsFromDollars(0.29)).toBe(29);
    expect(centsFromDollars('')).toBeNull();
  });

  it('leaves a fraction of a cent for the contract to refuse, with its message', () => {
    const cents = centsFromDollars('10.005');
    expect(Number.isInteger(cents)).toBe(false);
    const parsed = employeeBenefitInputSchema.safeParse({ commissionWaived: false, welcomeCreditCents: cents });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(organisationFlowMessages.welcomeCreditRange);
    expect(employeeBenefitInputSchema.safeParse({ welcomeCreditCents: centsFromDollars('500.01') }).success).toBe(
      false,
    );
    expect(employeeBenefitInputSchema.safeParse({ welcomeCreditCents: centsFromDollars('500') }).success).toBe(true);
  });
});
