import { type AdminRewardRecord, adminRewardDecisionSchema } from '@yardly/shared/contract';
import { REWARD_DECISIONS, type RewardDecision, rewardProcess } from '@yardly/shared/rules';

/** The decision's problem in the api's words (the same schema the api checks), or undefined when it will do. */
export function decisionProblem(decision: unknown): string | undefined {
  const parsed = adminRewardDecisionSchema.safeParse({ decision });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * The decisions a reward offers to an admin the role matrix lets edit rewards (the api refuses
 * regardless), as the reward table says an admin may take them from its state: approve and
 * refuse on one held for review, void on one still held 72 hours.
 */
export function decisionsFor(
  record: Pick<AdminRewardRecord, 'status'> | undefined,
  mayEdit: boolean,
): RewardDecision[] {
  if (!record || !mayEdit) return [];
  const from = (decision: RewardDecision) => rewardProcess.events[decision].from as readonly string[];
  return (Object.keys(REWARD_DECISIONS) as RewardDecision[]).filter((decision) =>
    from(decision).includes(record.status),
  );
}

/** What each decision does, as its confirmation says it. */
export const DECISION_WORDS: Record<RewardDecision, { button: string; content: string; done: string }> = {
  approve: {
    button: REWARD_DECISIONS.approve,
    content: 'The reward is granted: it reaches the person’s rewards balance and they are told.',
    done: 'Reward approved: it is in the person’s balance and they were told',
  },
  refuse: {
    button: REWARD_DECISIONS.refuse,
    content: 'The reward is refused: nothing reaches the person’s balance.',
    done: 'Reward refused',
  },
  void: {
    button: REWARD_DECISIONS.void,
    content: 'The reward is voided before its hold ends: nothing reaches the person’s balance.',
    done: 'Reward voided',
  },
};
