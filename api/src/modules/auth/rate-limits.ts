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
  /** The 429 of a window that opens again at `opensAt`, saying in how many minutes. */
  const tooMany = (opensAt: Date, message: (minutes: number) => string) =>
    new AppError(429, message(minutesUntil(opensAt.getTime() - clock.now().getTime())));

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

  /**
   * Spends one of the key's events; when the window had none left, refuses with a 429 whose
   * message says in how many minutes it opens again.
   */
  async function spend(key: string, limit: RateLimit, message: (minutes: number) => string): Promise<void> {
    const opensAt = await take(key, limit);
    if (opensAt) throw tooMany(opensAt, message);
  }

  return {
    take,
    spend,

    /**
     * Spends one of the key's events and does `work` in the same transaction, so a write under a
     * limit commits once (a message's send waited for two WAL flushes, issue 38). Past the limit
     * only the count commits and the 429 follows; when `work` refuses (or fails), its rollback
     * takes the count with it, so the attempt is counted again on its own: it counts whatever the
     * answer, and past the limit the answer is the 429.
     */
    async within<T>(
      key: string,
      limit: RateLimit,
      message: (minutes: number) => string,
      work: (tx: Db) => Promise<T>,
    ): Promise<T> {
      let outcome: { opensAt: Date } | { done: T };
      try {
        outcome = await db.transaction(async (tx) => {
          const opensAt = await rateLimits(tx, clock).take(key, limit);
          return opensAt ? { opensAt } : { done: await work(tx) };
        });
      } catch (refusal) {
        await spend(key, limit, message);
        throw refusal;
      }
      if ('opensAt' in outcome) throw tooMany(outcome.opensAt, message);
      return outcome.done;
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
