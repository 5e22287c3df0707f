import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { devClock } from '../db/schema/index';
import type { SharedOffset } from './clock';

/**
 * The dev clock's offset in the database (one row of `dev_clock`), so that moving the clock
 * through one api process moves it for all (docs/decisions/0039), and a restart keeps it.
 */
export function databaseClockOffset(db: Db): SharedOffset {
  return {
    async read() {
      const [row] = await db.select({ offsetMs: devClock.offsetMs }).from(devClock);
      return row?.offsetMs ?? 0;
    },
    async add(atLeastMs, addMs) {
      // One statement: two processes moving at once both count.
      const [row] = await db
        .insert(devClock)
        .values({ id: 1, offsetMs: atLeastMs + addMs })
        .onConflictDoUpdate({
          target: devClock.id,
          set: { offsetMs: sql`greatest(${devClock.offsetMs}, ${atLeastMs}) + ${addMs}` },
        })
        .returning({ offsetMs: devClock.offsetMs });
      return row?.offsetMs ?? atLeastMs + addMs;
    },
  };
}
