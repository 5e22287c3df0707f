import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';

/**
 * Durable background work (api/src/jobs, docs/decisions/0014): mail, sweeps, the timers of the
 * processes. A row is queued until it is done or has used its attempts (dead).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** Enqueueing twice with the same key while one is queued keeps the first (timers, schedules). */
    key: text('key'),
    state: text('state', { enum: ['queued', 'done', 'dead'] })
      .notNull()
      .default('queued'),
    /** Due from this time (the api's clock, not the database's). */
    runAt: at('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** A worker holds the job until then; a worker that died lets it go when the time passes. */
    lockedUntil: at('locked_until'),
    lockedBy: text('locked_by'),
    doneAt: at('done_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`state = 'queued'`),
    uniqueIndex('jobs_queued_key_idx').on(t.name, t.key).where(sql`state = 'queued' and key is not null`),
    check('jobs_attempts_check', sql`attempts >= 0 and max_attempts >= 1`),
  ],
);
