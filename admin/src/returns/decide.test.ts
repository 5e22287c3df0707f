import type { AdminReturnRecord } from '@yardly/shared/contract';
import { returnEventsFor, returnMessages, returnProcess } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { decisionAsk, decisionButtons, decisionNoteProblem, decisionRequest } from './decide';

const labels = (actions: AdminReturnRecord['actions']) => decisionButtons({ actions }).map((b) => b.label);

describe("the console's decision on a disputed return", () => {
  it('asks for a note in the api’s words', () => {
    expect(decisionNoteProblem('buyer', '')).toBe(returnMessages.noteRequired);
    expect(decisionNoteProblem('seller', '   ')).toBe(returnMessages.noteRequired);
    expect(decisionNoteProblem('seller', 'As described')).toBeUndefined();
    expect(decisionNoteProblem('buyer', 'x'.repeat(501))).toBeDefined();
    expect(decisionAsk('refuse', { id: 'R1' }).field?.problem(' ')).toBe(returnMessages.noteRequired);
  });

  it("shows the decisions the record's actions allow, as the return table labels them", () => {
    expect(labels(returnEventsFor('disputed', 'admin'))).toEqual(['Decide for the buyer', 'Decide for the seller']);
    // An open return may be closed by a refund from the order, which is no button of the return's.
    expect(returnEventsFor('requested', 'admin')).toEqual(['closeByRefund']);
    expect(labels(returnEventsFor('requested', 'admin'))).toEqual([]);
    expect(labels([])).toEqual([]);
    expect(returnProcess.events.refuse.label).toBe('Decide for the seller');
  });

  it('sends the decision with the note, trimmed, and asks under the return’s number', () => {
    expect(decisionRequest('refuse', '  Green velvet, as shown ')).toEqual({
      method: 'PUT',
      data: { decision: 'seller', decisionNote: 'Green velvet, as shown' },
    });
    expect(decisionRequest('approve', 'x')).toEqual({ method: 'PUT', data: { decision: 'buyer', decisionNote: 'x' } });
    expect(decisionAsk('approve', { id: 'R1' })).toMatchObject({
      title: 'Decide for the buyer: return R1',
      confirm: 'Decide',
    });
  });
});
