import { authMessages } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { loginThrottles } from '../../db/schema/index';
import { AppError } from '../../errors';

const WINDOW_MS = 15 * 60_000;
/** Failures allowed in a window: per account, and (more, for shared networks) per address. */
const LIMITS = { account: 5, address: 30 } as const;

type Kind = keyof typeof LIMITS;

/**
 * Failed password logins, counted per account and per client address. The account count
 * does not depend on the address, so a forged X-Forwarded-For cannot reset it.
 */
export function loginThrottle(db: Db, clock: Clock) {
  const keyOf = (kind: Kind, value: string) => `${kind}:${value.toLowerCase()}`;

  async function lockedUntil(key: string): Promise<Date | null> {
    const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
    return row?.lockedUntil && row.lockedUntil.getTime() > clock.now().getTime() ? row.lockedUntil : null;
  }

  async function fail(kind: Kind, value: string): Promise<void> {
    const key = keyOf(kind, value);
    const now = clock.now();
    const windowOver = sql`${loginThrottles.windowStart} < ${sqlTime(addMs(now, -WINDOW_MS))}`;
    const windowStart = sql`case when ${windowOver} then ${sqlTime(now)} else ${loginThrottles.windowStart} end`;
    const failures = sql`case when ${windowOver} then 1 else ${loginThrottles.failures} + 1 end`;
    const [row] = await db
      .insert(loginThrottles)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({ target: loginThrottles.key, set: { failures, windowStart } })
      .returning({ failures: loginThrottles.failures });
    if ((row?.failures ?? 0) >= LIMITS[kind]) {
      await db
        .update(loginThrottles)
        .set({ lockedUntil: addMs(now, WINDOW_MS), failures: 0, windowStart: now })
        .where(eq(loginThrottles.key, key));
    }
  }

  return {
    /** Refuse before checking the password while either key is locked. */
    async assertOpen(email: string, address: string): Promise<void> {
      if ((await lockedUntil(keyOf('account', email))) || (await lockedUntil(keyOf('address', address)))) {
        throw new AppError(429, authMessages.tooManyLogins);
      }
    },
    async recordFailure(email: string, address: string): Promise<void> {
      await fail('account', email);
      await fail('address', address);
    },
    async recordSuccess(email: string): Promise<void> {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, keyOf('account', email)));
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
