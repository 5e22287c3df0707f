import { type AdminRewardRecord, adminRewardDecisionSchema } from '@yardly/shared/contract';
import { REWARD_DECISIONS, type RewardDecision, rewardProcess } from '@yardly/shared/rules';

/** The decision's problem in the api's words (the same schema the api checks), or undefined when it will do. */
export function decisionProblem(decision: unknown): string | undefined {
  const parsed = adminRewardDecisionSchema.safeParse({ decision });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** Approve and refuse show on a held reward, to an admin the role matrix lets edit rewards (the api refuses regardless). */
export function showsDecision(record: Pick<AdminRewardRecord, 'status'> | undefined, mayEdit: boolean): boolean {
  // Approving reads no facts (only reversing has a guard): the table's states it leaves decide.
  const decidable = (rewardProcess.events.approve.from as readonly string[]).includes(record?.status ?? '');
  return Boolean(decidable && mayEdit);
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
};
