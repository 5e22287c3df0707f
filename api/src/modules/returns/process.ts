import type { ReturnEvent, ReturnFacts, ReturnState } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import type { returns } from '../../db/schema/index';
import type { Jobs } from '../../jobs/runner';
import { type Actor, type BoundProcess, type Effect, type Transition, transition } from '../../process/transition';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnRunner = BoundProcess<ReturnState, ReturnEvent, never, ReturnFacts, typeof returns>;

/** The one-shot job that accepts a return the seller left unanswered for three business days. */
export const RETURN_AUTO_ACCEPT_JOB = 'returns.auto-accept';

/** Opening a return queues its reply timer in the same transaction. */
export function returnTimers(jobs: Jobs): Effect<ReturnState, ReturnEvent> {
  return async (tx, done) => {
    for (const timer of done.timers) {
      if (timer.event !== 'autoAccept') throw new Error(`return: no job takes the timer ${timer.event}`);
      await jobs.enqueue(
        tx,
        RETURN_AUTO_ACCEPT_JOB,
        { returnId: done.subjectId },
        { at: timer.at, key: `return:${done.subjectId}` },
      );
    }
  };
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
