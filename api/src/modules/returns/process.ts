import {
  type ReturnEvent,
  type ReturnFacts,
  type ReturnState,
  returnProcess,
  returnRefusalMessage,
} from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { returns } from '../../db/schema/index';
import type { Jobs } from '../../jobs/runner';
import { type Actor, type BoundProcess, bindProcess, type Transition, transition } from '../../process/transition';

export type ReturnRow = typeof returns.$inferSelect;
export type ReturnRunner = BoundProcess<ReturnState, ReturnEvent, never, ReturnFacts, typeof returns>;

/** The one-shot job that accepts a return the seller left unanswered for three business days. */
export const RETURN_AUTO_ACCEPT_JOB = 'returns.auto-accept';

/** The return process bound to `returns`: opening one queues its reply timer in the same transaction. */
export function returnRunnerWith(jobs: Jobs): ReturnRunner {
  return bindProcess(returnProcess, returns, {
    message: returnRefusalMessage,
    effects: [
      async (tx, done) => {
        for (const timer of done.timers) {
          if (timer.event !== 'autoAccept') throw new Error(`return: no job takes the timer ${timer.event}`);
          await jobs.enqueue(
            tx,
            RETURN_AUTO_ACCEPT_JOB,
            { returnId: done.subjectId },
            { at: timer.at, key: `return:${done.subjectId}` },
          );
        }
      },
    ],
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
