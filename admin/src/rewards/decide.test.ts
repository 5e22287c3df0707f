import type { AdminRewardRecord } from '@yardly/shared/contract';
import { eventsFor, REWARD_DECISIONS, rewardMessages, rewardProcess } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { decisionAsk, decisionButtons, decisionProblem, decisionRequest } from './decide';

const HOUR = 3_600_000;
const now = new Date('2026-11-28T12:00:00Z');
/** The buttons of a reward in `state`, its actions computed as the api computes them. */
function labels(state: AdminRewardRecord['status'], heldUntil: Date | null = null) {
  const actions = eventsFor(rewardProcess, state, 'admin', {
    at: now,
    windowEndsAt: new Date(now.getTime() + 96 * HOUR),
    heldUntil,
  });
  return decisionButtons({ actions }).map((b) => b.label);
}

describe("the console's decision on a held reward", () => {
  it('takes approve, refuse or void, in the api’s words otherwise', () => {
    expect(decisionProblem('approve')).toBeUndefined();
    expect(decisionProblem('refuse')).toBeUndefined();
    expect(decisionProblem('void')).toBeUndefined();
    expect(decisionProblem('reverse')).toBe(rewardMessages.decisionRequired);
    expect(decisionProblem(undefined)).toBe(rewardMessages.decisionRequired);
  });

  it("offers what the record's actions allow: approve and refuse once held for review, void while held 72 hours", () => {
    expect(labels('held', new Date(now.getTime() - HOUR))).toEqual(['Approve', 'Refuse']);
    // Approving waits for the hours, as the table's guard says (the api would refuse it).
    expect(labels('held', new Date(now.getTime() + HOUR))).toEqual(['Refuse']);
    expect(labels('pending', new Date(now.getTime() + HOUR))).toEqual(['Void']);
    expect(labels('granted')).toEqual([]);
    expect(decisionButtons({ actions: [] })).toEqual([]);
  });

  it('labels the buttons and the confirmation as the process names the events, and sends the decision', () => {
    for (const [decision, label] of Object.entries(REWARD_DECISIONS)) {
      expect(rewardProcess.events[decision as keyof typeof REWARD_DECISIONS].label).toBe(label);
    }
    expect(decisionAsk('void', { id: 'W1' })).toMatchObject({ title: 'Void: reward W1', confirm: 'Void' });
    expect(decisionRequest('approve')).toEqual({ method: 'PUT', data: { decision: 'approve' } });
  });
});
