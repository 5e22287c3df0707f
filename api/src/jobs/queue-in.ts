import { isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { jobs as jobsTable } from '../db/schema/index';
import { DEFAULT_MAX_ATTEMPTS } from './job';

/**
 * Queues a job by its name in the caller's transaction where no `Jobs` is at hand: a process
 * effect that runs inside module-level transitions (a listing published). The job must be
 * registered by some capability; it is due at `at` and tried DEFAULT_MAX_ATTEMPTS times. With
 * `key`, a second one while the first is queued does nothing, or, with `replace` (and the clock's
 * `now`), moves the queued one to this `at` and payload (a timer started again). Answers whether
 * it was queued or moved.
 */
export async function queueJobIn(
  tx: Db,
  name: string,
  payload: unknown,
  options: { at: Date; key?: string; replace?: { now: Date } },
): Promise<boolean> {
  const statement = tx
    .insert(jobsTable)
    .values({ name, payload: payload ?? null, key: options.key, runAt: options.at, maxAttempts: DEFAULT_MAX_ATTEMPTS });
  // Only the partial unique index on queued (name, key) can conflict.
  const rows = await (options.replace && options.key
    ? statement.onConflictDoUpdate({
        target: [jobsTable.name, jobsTable.key],
        targetWhere: sql`state = 'queued' and key is not null`,
        set: { payload: payload ?? null, runAt: options.at, attempts: 0, lastError: null },
        // A job a worker is running now is left alone: it asks the table anyway.
        setWhere: or(isNull(jobsTable.lockedUntil), lte(jobsTable.lockedUntil, options.replace.now)),
      })
    : statement.onConflictDoNothing()
  ).returning({ id: jobsTable.id });
  return rows.length > 0;
}
