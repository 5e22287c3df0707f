import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * How far the dev clock (api/src/clock/shared-dev-clock.ts) has been moved, outside production:
 * one row, so every api process reads the same time. Production never reads it.
 */
export const devClock = pgTable(
  'dev_clock',
  {
    id: smallint('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('dev_clock_one_row', sql`${t.id} = 1`), check('dev_clock_forward', sql`${t.offsetMs} >= 0`)],
);
