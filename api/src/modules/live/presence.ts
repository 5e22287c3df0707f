import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, lt, type SQL, sql } from 'drizzle-orm';
import { addMs, type Clock } from '../../clock/clock';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { livePresence, liveProcesses } from '../../db/schema/index';

/** A process refreshes its heartbeat this often (transport timing, not a business rule). */
const HEARTBEAT_MS = 30_000;
/** A process not heard from for this long is gone, and its streams with it (a crash, a power cut). */
export const PRESENCE_STALE_MINUTES = 2;

/**
 * Who has a live stream open, shared by every api process through the database: a row per
 * open stream under this process's row, whose heartbeat (on the clock) says it is alive.
 */
export function createPresence(deps: { db: Db; clock: Clock; onError: (error: unknown) => void }) {
  const { db, clock, onError } = deps;
  const processId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let timer: NodeJS.Timeout | undefined;

  const beat = () =>
    db
      .insert(liveProcesses)
      .values({ id: processId, seenAt: clock.now() })
      .onConflictDoUpdate({ target: liveProcesses.id, set: { seenAt: clock.now() } });

  return {
    start(): void {
      if (timer) return;
      timer = setInterval(() => void beat().catch(onError), HEARTBEAT_MS);
      timer.unref();
    },
    /** Marks a stream of a person open; the answer marks it closed. */
    async enter(userId: number): Promise<() => Promise<void>> {
      await beat();
      const id = randomBytes(12).toString('base64url');
      await db.insert(livePresence).values({ id, processId, userId });
      return async () => {
        await db.delete(livePresence).where(eq(livePresence.id, id));
      };
    },
    /** This process's streams are closing with it. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await db.delete(liveProcesses).where(eq(liveProcesses.id, processId)).catch(onError);
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;

/**
 * Whether a person has a live stream open on some api process (one heard from lately), as a
 * condition of a statement (the email step takes it with its own write).
 */
export function connectedNow(userId: number, now: Date): SQL {
  return sql`exists (select 1 from ${livePresence} join ${liveProcesses} on ${liveProcesses.id} = ${livePresence.processId}
    where ${livePresence.userId} = ${userId}
      and ${liveProcesses.seenAt} > ${sqlTime(addMs(now, -PRESENCE_STALE_MINUTES * 60_000))})`;
}

/** Whether a person has a live stream open on some api process (one heard from lately). */
export async function isConnected(db: Db, userId: number, now: Date): Promise<boolean> {
  const [row] = await db.select({ live: sql<boolean>`${connectedNow(userId, now)}` }).from(sql`(select 1) as one`);
  return row?.live === true;
}

/** Forgets processes not heard from for an hour (their streams go with them). */
export async function pruneStaleProcesses(db: Db, now: Date): Promise<void> {
  await db.delete(liveProcesses).where(lt(liveProcesses.seenAt, addMs(now, -60 * 60_000)));
}
