import { type ReturnEvent, type ReturnFacts, type ReturnState, returnProcess } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import type { returns } from '../../db/schema/index';
import type { Jobs } from '../../jobs/runner';
import { queueTimers } from '../../process/timers';
import { type Actor, type BoundProcess, type Effect, type Transition, transition } from '../../process/transition';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnRunner = BoundProcess<ReturnState, ReturnEvent, never, ReturnFacts, typeof returns>;

/** The one-shot job that accepts a return the seller left unanswered for three business days. */
export const RETURN_AUTO_ACCEPT_JOB = 'returns.auto-accept';

/** Opening a return queues its reply timer in the same transaction. */
export function returnTimers(jobs: Jobs): Effect<ReturnState, ReturnEvent> {
  return queueTimers<ReturnState, ReturnEvent>(jobs, returnProcess, {
    autoAccept: { job: RETURN_AUTO_ACCEPT_JOB, payload: (returnId) => ({ returnId }), key: (id) => `return:${id}` },
  });
}

/** Takes `event` on a return its caller has locked. */
export function takeReturnEvent(
  tx: Db,
  runner: ReturnRunner,
  row: ReturnRow,
  event: ReturnEvent,
  actor: Actor,
  now: Date,
): Promise<Transition<ReturnState, ReturnEvent>> {
  return transition(tx, runner, row, event, actor, { facts: {}, set: () => ({ updatedAt: now }), now });
}
