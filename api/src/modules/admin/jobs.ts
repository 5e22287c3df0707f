import { type AdminJobRecord, adminJobRecordSchema } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { jobs } from '../../db/schema/index';
import { defineResource, textFilter } from '../../http/console/define-resource';

/** What of a payload the console shows: enough to find what it was about (ids), never a whole mail. */
const PAYLOAD_SHOWN = 500;

/**
 * The console's background jobs (issue 34), read only: a dead one is work given up (a refund the
 * provider refused, a mail that cannot be opened), with its last error, so nothing dies silently.
 */
export const jobsResource = defineResource({
  name: 'jobs',
  record: adminJobRecordSchema,
  id: { column: jobs.id, kind: 'numeric' },
  select: (db: Db) =>
    db
      .select({
        id: jobs.id,
        name: jobs.name,
        state: jobs.state,
        attempts: jobs.attempts,
        maxAttempts: jobs.maxAttempts,
        lastError: jobs.lastError,
        payload: jobs.payload,
        runAt: jobs.runAt,
        doneAt: jobs.doneAt,
      })
      .from(jobs),
  sortable: { runAt: jobs.runAt, doneAt: jobs.doneAt, name: jobs.name, state: jobs.state },
  filters: {
    state: textFilter((state) => eq(jobs.state, state as 'queued' | 'done' | 'dead')),
    name: textFilter((name) => eq(jobs.name, name)),
  },
  toRecord: (row): AdminJobRecord => ({
    ...row,
    payload: JSON.stringify(row.payload).slice(0, PAYLOAD_SHOWN),
    runAt: row.runAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  }),
});
