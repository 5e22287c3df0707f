import { returnMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { decisionNoteProblem, showsDecision } from './decide';

describe("the console's decision on a disputed return", () => {
  it('asks for a note in the api’s words', () => {
    expect(decisionNoteProblem('buyer', '')).toBe(returnMessages.noteRequired);
    expect(decisionNoteProblem('seller', '   ')).toBe(returnMessages.noteRequired);
    expect(decisionNoteProblem('seller', 'As described')).toBeUndefined();
    expect(decisionNoteProblem('buyer', 'x'.repeat(501))).toBeDefined();
  });

  it('shows only on a disputed return, to an admin allowed to edit returns', () => {
    expect(showsDecision({ status: 'disputed' }, true)).toBe(true);
    expect(showsDecision({ status: 'disputed' }, false)).toBe(false);
    expect(showsDecision({ status: 'requested' }, true)).toBe(false);
    expect(showsDecision(undefined, true)).toBe(false);
  });
});
