import { ORDER_STATES, orderEventsFor, payoutMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { refundAsk, refundButtons, refundReasonProblem, refundRequest, signedCents } from './refund';

describe("the console's Refund", () => {
  it('asks for a reason in the api’s words', () => {
    expect(refundReasonProblem('')).toBe(payoutMessages.refundReasonRequired);
    expect(refundReasonProblem('   ')).toBe(payoutMessages.refundReasonRequired);
    expect(refundReasonProblem('Arrived broken')).toBeUndefined();
    expect(refundReasonProblem('x'.repeat(501))).toBeDefined();
  });

  it("shows where the order table lets an admin cancel or undo the sale, as the record's actions say", () => {
    const byState = Object.fromEntries(
      ORDER_STATES.map((state) => [
        state,
        refundButtons({ actions: orderEventsFor(state, 'admin', { pickup: false }) }).map((b) => b.label),
      ]),
    );
    // Before the item moved (a cancel), delivered or while a return is open (the sale undone).
    expect(Object.entries(byState).filter(([, labels]) => labels.length > 0)).toEqual([
      ['paid', ['Refund']],
      ['awaiting_pickup', ['Refund']],
      ['returning', ['Refund']],
      ['delivered', ['Refund']],
    ]);
  });

  it('asks for the reason first and sends it trimmed', () => {
    expect(refundAsk({ id: 'OR1', total: 4250 })).toMatchObject({
      title: 'Refund order OR1',
      content: 'The buyer gets the whole payment back ($42.50).',
      confirm: 'Refund',
      field: { label: 'Reason (kept in the audit log)' },
    });
    expect(refundRequest('  Arrived broken ')).toEqual({ method: 'PUT', data: { refundReason: 'Arrived broken' } });
  });

  it('writes ledger amounts with their direction', () => {
    expect(signedCents(1700)).toBe('+$17.00');
    expect(signedCents(-2000)).toBe('−$20.00');
  });
});
