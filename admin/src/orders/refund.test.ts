import { payoutMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { refundReasonProblem, showsRefund, signedCents } from './refund';

describe("the console's Refund", () => {
  it('asks for a reason in the api’s words', () => {
    expect(refundReasonProblem('')).toBe(payoutMessages.refundReasonRequired);
    expect(refundReasonProblem('   ')).toBe(payoutMessages.refundReasonRequired);
    expect(refundReasonProblem('Arrived broken')).toBeUndefined();
    expect(refundReasonProblem('x'.repeat(501))).toBeDefined();
  });

  it('shows only on a refundable order, to an admin allowed to edit orders', () => {
    expect(showsRefund({ refundable: true }, true)).toBe(true);
    expect(showsRefund({ refundable: true }, false)).toBe(false);
    expect(showsRefund({ refundable: false }, true)).toBe(false);
    expect(showsRefund(undefined, true)).toBe(false);
  });

  it('writes ledger amounts with their direction', () => {
    expect(signedCents(1700)).toBe('+$17.00');
    expect(signedCents(-2000)).toBe('−$20.00');
  });
});
