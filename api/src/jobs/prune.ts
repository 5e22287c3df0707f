import { and, eq, lt } from 'drizzle-orm';
import { addMs } from '../clock/clock';
import { jobs } from '../db/schema/index';
import { defineJob } from './job';

/** A finished job is kept this long (to see what ran), then deleted. */
export const DONE_JOBS_KEPT_DAYS = 7;

/**
 * Deletes the jobs that finished well more than a week ago, on the clock: every mail, sweep and
 * timer leaves a row, and nothing reads a done one afterwards. Dead jobs stay for someone to look at.
 */
export const pruneDoneJobs = defineJob<Record<string, never>>({
  name: 'jobs.prune',
  schedule: { everyMinutes: 24 * 60 },
  async run(_payload, { db, now }) {
    const before = addMs(now, -DONE_JOBS_KEPT_DAYS * 86_400_000);
    await db.delete(jobs).where(and(eq(jobs.state, 'done'), lt(jobs.doneAt, before)));
  },
});
