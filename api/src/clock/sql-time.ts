import { type SQL, sql } from 'drizzle-orm';

/**
 * A time from the clock as a SQL value, for statements that compare or store times (in place of
 * the database's now(), which a dev clock cannot move). Cast explicitly: both drivers then agree.
 */
export function sqlTime(time: Date): SQL {
  return sql`${time.toISOString()}::timestamptz`;
}
