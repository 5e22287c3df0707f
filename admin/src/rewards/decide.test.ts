import { rewardMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { DECISION_WORDS, decisionProblem, decisionsFor } from './decide';

describe("the console's decision on a held reward", () => {
  it('takes approve, refuse or void, in the api’s words otherwise', () => {
    expect(decisionProblem('approve')).toBeUndefined();
    expect(decisionProblem('refuse')).toBeUndefined();
    expect(decisionProblem('void')).toBeUndefined();
    expect(decisionProblem('reverse')).toBe(rewardMessages.decisionRequired);
    expect(decisionProblem(undefined)).toBe(rewardMessages.decisionRequired);
  });

  it('offers approve and refuse on one held for review, void on one held 72 hours, to an admin allowed to edit', () => {
    expect(decisionsFor({ status: 'held' }, true)).toEqual(['approve', 'refuse']);
    expect(decisionsFor({ status: 'pending' }, true)).toEqual(['void']);
    expect(decisionsFor({ status: 'held' }, false)).toEqual([]);
    expect(decisionsFor({ status: 'granted' }, true)).toEqual([]);
    expect(decisionsFor(undefined, true)).toEqual([]);
  });

  it('labels the buttons as the process names the events', () => {
    expect(DECISION_WORDS.approve.button).toBe('Approve');
    expect(DECISION_WORDS.refuse.button).toBe('Refuse');
    expect(DECISION_WORDS.void.button).toBe('Void');
  });
});
