import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { liveEvents } from '../../db/schema/index';

/** The channel every api process listens on; a notification carries a user id, never data. */
export const LIVE_CHANNEL = 'live';

/** Advisory lock space of "a person's live events are being written". */
const LIVE_LOCK_SPACE = 727_275;

/** One thing to tell one person's open pages. */
export interface LiveEvent {
  userId: number;
  type: string;
  payload: object;
}

export interface StoredLiveEvent {
  id: number;
  type: string;
  payload: unknown;
}

/**
 * Writes events in the caller's transaction and wakes every api process's streams of those
 * people when it commits (pg_notify is delivered at commit, and not at all on a rollback).
 * A person's events are written one transaction at a time (an advisory lock held to commit), so
 * their ids commit in order and a stream reading "after id N" never skips one committed late.
 * Record all of a transaction's events in one call: the locks are taken in user order.
 */
export async function recordLiveEvents(into: Db, clock: Clock, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const userIds = [...new Set(events.map((e) => e.userId))].sort((a, b) => a - b);
  // A savepoint inside the caller's transaction; a transaction of its own when called outside one.
  await into.transaction(async (tx) => {
    for (const userId of userIds) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LIVE_LOCK_SPACE}, (${userId}::bigint % 2147483647)::int)`);
    }
    const createdAt = clock.now();
    await tx.insert(liveEvents).values(events.map((e) => ({ ...e, createdAt })));
    for (const userId of userIds) await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${String(userId)})`);
  });
}

/** A notification that a person's sessions changed, not an event: `end:<user id>`. */
const END_PREFIX = 'end:';

/** What a notification on the live channel asks: wake a person's streams, or have them check their session. */
export function parseLiveNotification(payload: string): { userId: number; ended: boolean } | null {
  const ended = payload.startsWith(END_PREFIX);
  const userId = Number(ended ? payload.slice(END_PREFIX.length) : payload);
  return Number.isSafeInteger(userId) && userId > 0 ? { userId, ended } : null;
}

/**
 * A session of this person ended (log-out, a password change, a block): every api process's
 * open streams of the person check their own session and close if it is over. In the caller's
 * transaction, delivered when it commits.
 */
export async function endLiveStreamsOf(into: Db, userId: number): Promise<void> {
  await into.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${END_PREFIX + String(userId)})`);
}

/** A person's events after `afterId`, oldest first. */
export function liveEventsAfter(db: Db, userId: number, afterId: number, limit: number): Promise<StoredLiveEvent[]> {
  return db
    .select({ id: liveEvents.id, type: liveEvents.type, payload: liveEvents.payload })
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** The id of a person's newest event (0 when none): a new stream starts after it. */
export async function latestLiveEventId(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(liveEvents.id) })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId));
  return Number(row?.id ?? 0);
}
