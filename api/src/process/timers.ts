import type { ProcessTimer } from '@yardly/shared/rules';
import type { Db } from '../db/connect';
import { queueJobIn } from '../jobs/queue-in';

/** The one job that takes every timer of a process (ADR 0014): `timer:order`, `timer:listing`, ... */
export function timerJobName(process: { name: string }): string {
  return `timer:${process.name}`;
}

/** One queued timer per subject and event: starting it again moves it. */
export function timerKey(event: string, subjectId: number): string {
  return `${event}:${subjectId}`;
}

/** What a timer's job is given: the subject, the event the platform takes, and when it was due. */
export interface TimerPayload {
  subjectId: number;
  event: string;
  at: string;
}

/**
 * Queues each timer a transition starts as its process's timer job, in the transition's
 * transaction (the engine calls it: no capability maps timers to jobs). A timer started again
 * for the same subject (a listing relisted) moves the queued one to its new time. One whose
 * subject leaves the state is left queued: when it fires it asks the table and does nothing.
 */
export async function queueTimers(
  tx: Db,
  process: { name: string },
  subjectId: number,
  timers: readonly ProcessTimer[],
  now: Date,
): Promise<void> {
  for (const timer of timers) {
    const payload: TimerPayload = { subjectId, event: timer.event, at: timer.at.toISOString() };
    await queueJobIn(tx, timerJobName(process), payload, {
      at: timer.at,
      key: timerKey(timer.event, subjectId),
      replace: { now },
    });
  }
}
