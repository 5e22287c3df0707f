import type { Db } from '../db/connect';
import { jobs as jobsTable } from '../db/schema/index';
import { DEFAULT_MAX_ATTEMPTS } from './job';

/**
 * Queues a job by its name in the caller's transaction where no `Jobs` is at hand: a process
 * effect that runs inside module-level transitions (a listing published). The job must be
 * registered by some capability; it is due at `at` and tried DEFAULT_MAX_ATTEMPTS times. With
 * `key`, a second one while the first is queued does nothing. Answers whether it was queued.
 */
export async function queueJobIn(
  tx: Db,
  name: string,
  payload: unknown,
  options: { at: Date; key?: string },
): Promise<boolean> {
  const rows = await tx
    .insert(jobsTable)
    .values({ name, payload: payload ?? null, key: options.key, runAt: options.at, maxAttempts: DEFAULT_MAX_ATTEMPTS })
    .onConflictDoNothing()
    .returning({ id: jobsTable.id });
  return rows.length > 0;
}
