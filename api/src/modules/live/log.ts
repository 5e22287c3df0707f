import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { liveBusOutbox, liveBusSessionEnds, liveEvents } from '../../db/schema/index';
import { atTransactionEnd } from '../../db/transaction-end';

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
 * How a commit's events wake the streams: `notify` (pg_notify in the transaction, the default) or
 * `outbox` (a row per event in live_bus_outbox, which the relay publishes to LIVE_BUS_URL's bus).
 */
export type LiveWakeRoute = 'notify' | 'outbox';

/** Events a transaction has recorded, written when it is about to commit (`atTransactionEnd`). */
const queued = new WeakMap<Db, LiveEvent[]>();

/**
 * Tells people's open pages something when the transaction of the change commits (pg_notify is
 * delivered at commit, and not at all on a rollback), on whichever api process they are on.
 * Inside a transaction the events wait for its end, however many calls record them, and are then
 * written in one statement; outside one they are written at once.
 */
export async function recordLiveEvents(
  into: Db,
  clock: Clock,
  events: readonly LiveEvent[],
  route: LiveWakeRoute = 'notify',
): Promise<void> {
  if (events.length === 0) return;
  const waiting = queued.get(into);
  if (waiting) {
    waiting.push(...events);
    return;
  }
  const list = [...events];
  const deferred = atTransactionEnd(into, async (tx) => {
    queued.delete(tx);
    await writeLiveEvents(tx, clock.now(), list, route);
  });
  if (deferred) queued.set(into, list);
  else await writeLiveEvents(into, clock.now(), list, route);
}

/**
 * One statement: a lock per person, in user order, their wake-ups, and the events. A person's
 * events are written one transaction at a time (the locks are held to commit), so their ids
 * commit in order and a stream reading "after id N" never skips one committed late. The rows
 * inserted come through the locks' row, so no id is drawn before every lock is held. Taken in
 * one pass at the very end, a transaction holding some of these locks waits for nothing but the
 * rest of them: two transactions cannot wait for each other in a circle through them.
 * On the `outbox` route the same statement writes each event's outbox row instead of notifying.
 */
async function writeLiveEvents(
  into: Db,
  createdAt: Date,
  events: readonly LiveEvent[],
  route: LiveWakeRoute,
): Promise<void> {
  const userIds = [...new Set(events.map((e) => e.userId))].sort((a, b) => a - b);
  const locks = userIds.map(
    (userId) => sql`pg_advisory_xact_lock(${LIVE_LOCK_SPACE}, (${userId}::bigint % 2147483647)::int)`,
  );
  const wakes = route === 'notify' ? userIds.map((userId) => sql`pg_notify(${LIVE_CHANNEL}, ${String(userId)})`) : [];
  const rows = events.map((e) => sql`(${e.userId}::bigint, ${e.type}::text, ${JSON.stringify(e.payload)}::jsonb)`);
  const insert = sql`
    insert into ${liveEvents} (user_id, type, payload, created_at)
    select e.user_id, e.type, e.payload, ${sqlTime(createdAt)}
    from (select ${sql.join([...locks, ...wakes], sql`, `)}) as locked
    cross join (values ${sql.join(rows, sql`, `)}) as e (user_id, type, payload)`;
  if (route === 'notify') await into.execute(insert);
  else {
    await into.execute(sql`
      with written as (${insert} returning id, user_id, created_at)
      insert into ${liveBusOutbox} (event_id, user_id, created_at) select id, user_id, created_at from written`);
  }
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
 * transaction, delivered when it commits: a NOTIFY, or with a bus a row of the session ends'
 * outbox that the relay publishes (nothing is sent for a rollback either way).
 */
export async function endLiveStreamsOf(
  into: Db,
  clock: Clock,
  userId: number,
  route: LiveWakeRoute = 'notify',
): Promise<void> {
  if (route === 'notify') {
    await into.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${END_PREFIX + String(userId)})`);
  } else {
    await into.insert(liveBusSessionEnds).values({ userId, createdAt: clock.now() });
  }
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
