import {
  type RewardEvent,
  type RewardFacts,
  type RewardState,
  rewardProcess,
  rewardRefusalMessage,
} from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { rewards } from '../../db/schema/index';
import { type Actor, bindProcess, type Transition, transition } from '../../process/transition';

export type RewardRow = typeof rewards.$inferSelect;

/** The reward process bound to `rewards`; its money moves are posted by the callers, in the same transaction. */
export const rewardRunner = bindProcess(rewardProcess, rewards, { message: rewardRefusalMessage });

/** Takes `event` on a reward its caller has locked; `at` is what the guards read (a removal's time for the reversal). */
export function takeRewardEvent(
  tx: Db,
  row: RewardRow,
  event: RewardEvent,
  actor: Actor,
  now: Date,
  at: Date = now,
): Promise<Transition<RewardState, RewardEvent>> {
  const facts: RewardFacts = { at, windowEndsAt: row.windowEndsAt, heldUntil: row.heldUntil };
  return transition(tx, rewardRunner, row, event, actor, {
    facts,
    set: () => ({ updatedAt: now, ...(actor.role === 'admin' && { decidedBy: actor.userId }) }),
    now,
  });
}
