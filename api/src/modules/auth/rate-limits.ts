import type { RateLimit } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { loginThrottles } from '../../db/schema/index';
import { AppError } from '../../errors';

const windowMs = (limit: RateLimit) => limit.windowMinutes * 60_000;

/** Whole minutes, at least one, as a person is told when to come back. */
export const minutesUntil = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * Counters in fixed windows, kept in the database (every api process sees the same counts) and
 * timed by the clock. One row per key: the events of its current window, and, for the keys
 * that lock, until when. Keys name what they count: `signups:<address>`, `codes:<purpose>:<email>`.
 */
export function rateLimits(db: Db, clock: Clock) {
  /** One more event for a key, in one statement (concurrent requests cannot both see room). */
  async function count(key: string, limit: RateLimit): Promise<{ events: number; windowStart: Date }> {
    const now = clock.now();
    const windowOver = sql`${loginThrottles.windowStart} <= ${sqlTime(addMs(now, -windowMs(limit)))}`;
    const windowStart = sql`case when ${windowOver} then ${sqlTime(now)} else ${loginThrottles.windowStart} end`;
    const failures = sql`case when ${windowOver} then 1 else ${loginThrottles.failures} + 1 end`;
    const [row] = await db
      .insert(loginThrottles)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({ target: loginThrottles.key, set: { failures, windowStart } })
      .returning({ events: loginThrottles.failures, windowStart: loginThrottles.windowStart });
    return row ?? { events: 1, windowStart: now };
  }

  /** Spends one of the key's events: null when the window had one left, else when it opens again. */
  async function take(key: string, limit: RateLimit): Promise<Date | null> {
    const { events, windowStart } = await count(key, limit);
    return events <= limit.max ? null : addMs(windowStart, windowMs(limit));
  }

  return {
    take,

    /**
     * Spends one of the key's events; when the window had none left, refuses with a 429 whose
     * message says in how many minutes it opens again.
     */
    async spend(key: string, limit: RateLimit, message: (minutes: number) => string): Promise<void> {
      const opensAt = await take(key, limit);
      if (opensAt) throw new AppError(429, message(minutesUntil(opensAt.getTime() - clock.now().getTime())));
    },

    /** Milliseconds until a locked key opens; null when it is open. */
    async lockedFor(key: string): Promise<number | null> {
      const [row] = await db
        .select({ lockedUntil: loginThrottles.lockedUntil })
        .from(loginThrottles)
        .where(eq(loginThrottles.key, key));
      const waitMs = (row?.lockedUntil?.getTime() ?? 0) - clock.now().getTime();
      return waitMs > 0 ? waitMs : null;
    },

    /** Counts a failure; the one that reaches the limit locks the key for a window (and its count starts over). */
    async fail(key: string, limit: RateLimit): Promise<void> {
      const { events } = await count(key, limit);
      if (events < limit.max) return;
      const now = clock.now();
      await db
        .update(loginThrottles)
        .set({ lockedUntil: addMs(now, windowMs(limit)), failures: 0, windowStart: now })
        .where(eq(loginThrottles.key, key));
    },

    async clear(key: string): Promise<void> {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
    },
  };
}

export type RateLimits = ReturnType<typeof rateLimits>;
