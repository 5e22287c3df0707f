import { type AdminRewardRecord, adminRewardDecisionSchema } from '@yardly/shared/contract';
import { REWARD_DECISIONS, type RewardDecision, rewardProcess } from '@yardly/shared/rules';
import { allowedButtons, type ProcessAsk, type ProcessRequest } from '../process-actions';

/** The decision's problem in the api's words (the same schema the api checks), or undefined when it will do. */
export function decisionProblem(decision: unknown): string | undefined {
  const parsed = adminRewardDecisionSchema.safeParse({ decision });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * The decision buttons of a reward: those the record's `actions` (the reward table, for an admin,
 * at the clock's now) allow: approve and refuse on one held for review once its hours are over,
 * void on one still held 72 hours; labelled as the table names the events.
 */
export function decisionButtons(record: Pick<AdminRewardRecord, 'actions'>) {
  return allowedButtons(
    record.actions,
    Object.keys(REWARD_DECISIONS) as RewardDecision[],
    (decision) => rewardProcess.events[decision].label,
  );
}

/** The PUT a decision sends: its name, nothing else. */
export function decisionRequest(decision: RewardDecision): ProcessRequest {
  return { method: 'PUT', data: { decision } };
}

/** What each decision does, as its confirmation says it, and what the console says once it is taken. */
export const DECISION_WORDS: Record<RewardDecision, { content: string; done: string }> = {
  approve: {
    content: 'The reward is granted: it reaches the person’s rewards balance and they are told.',
    done: 'Reward approved: it is in the person’s balance and they were told',
  },
  refuse: {
    content: 'The reward is refused: nothing reaches the person’s balance.',
    done: 'Reward refused',
  },
  void: {
    content: 'The reward is voided before its hold ends: nothing reaches the person’s balance.',
    done: 'Reward voided',
  },
};

/** Every decision asks first, under the reward's refnum. */
export function decisionAsk(decision: RewardDecision, record: Pick<AdminRewardRecord, 'id'>): ProcessAsk {
  const label = rewardProcess.events[decision].label;
  return { title: `${label}: reward ${record.id}`, content: DECISION_WORDS[decision].content, confirm: label };
}
