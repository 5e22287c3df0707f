import { rewardMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { DECISION_WORDS, decisionProblem, showsDecision } from './decide';

describe("the console's decision on a held reward", () => {
  it('takes approve or refuse, in the api’s words otherwise', () => {
    expect(decisionProblem('approve')).toBeUndefined();
    expect(decisionProblem('refuse')).toBeUndefined();
    expect(decisionProblem('reverse')).toBe(rewardMessages.decisionRequired);
    expect(decisionProblem(undefined)).toBe(rewardMessages.decisionRequired);
  });

  it('shows only on a held reward, to an admin allowed to edit rewards', () => {
    expect(showsDecision({ status: 'held' }, true)).toBe(true);
    expect(showsDecision({ status: 'held' }, false)).toBe(false);
    expect(showsDecision({ status: 'granted' }, true)).toBe(false);
    expect(showsDecision(undefined, true)).toBe(false);
  });

  it('labels the buttons as the process names the events', () => {
    expect(DECISION_WORDS.approve.button).toBe('Approve');
    expect(DECISION_WORDS.refuse.button).toBe('Refuse');
  });
});
