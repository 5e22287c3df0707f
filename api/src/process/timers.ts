import type { Jobs } from '../jobs/runner';
import type { Effect } from './transition';

/** The one-shot job that takes a process's timer: its name, and its payload and key for a subject. */
export interface TimerJob {
  job: string;
  payload: (subjectId: number) => Record<string, number>;
  key: (subjectId: number) => string;
}

/**
 * The effect that queues each timer a transition starts (`done.timers`) as its one-shot job, in
 * the transition's transaction (ADR 0014). The job re-reads its subject and takes the event only
 * while the state still allows it. A timer the map has no job for stops the step.
 */
export function queueTimers<S extends string, E extends string>(
  jobs: Jobs,
  process: { name: string },
  timerJobs: Partial<Record<E, TimerJob>>,
): Effect<S, E> {
  return async (tx, done) => {
    for (const timer of done.timers) {
      const timerJob = timerJobs[timer.event];
      if (!timerJob) throw new Error(`${process.name}: no job takes the timer ${timer.event}`);
      await jobs.enqueue(tx, timerJob.job, timerJob.payload(done.subjectId), {
        at: timer.at,
        key: timerJob.key(done.subjectId),
      });
    }
  };
}
