import { asc, count, inArray, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { liveBusOutbox, liveBusSessionEnds } from '../../db/schema/index';
import type { LiveBus } from './bus';

/** Advisory lock of "the relay is publishing": one batch at a time across api processes, so a person's events go out in order. */
const RELAY_LOCK = [727_276, 1] as const;
/** Outbox rows (of each outbox) published per transaction. */
const BATCH = 500;
/** A backlog nobody woke this process for (a process that died after its commit, or runs no relay) is looked for this often. */
const POLL_MS = 1_000;
/** When another process holds the relay, this process looks again this soon, this many times, for the rows it woke it for. */
const BUSY_RETRY_MS = 20;
const BUSY_RETRIES = 25;

/**
 * Publishes the outbox to the bus after commit (docs/decisions/0059). A batch is read, published
 * (each event acknowledged by the bus) and deleted in one transaction that holds the relay lock:
 * a process killed in the middle leaves its rows, and the next relay publishes them again, which
 * the bus drops by event id. Rows of a transaction that rolled back never existed.
 */
export function createLiveRelay(options: {
  db: Db;
  bus: LiveBus;
  onError: (error: unknown) => void;
  /** Tests only: the process kills itself (SIGKILL) after publishing this many events of a batch, before deleting them. */
  dieAfterPublishing?: number;
}) {
  const { db, bus, onError } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let poll: NodeJS.Timeout | undefined;
  let origin: string | undefined;

  /** One batch: whether an outbox had a full batch (more may wait), or null when another process holds the relay. */
  const batch = () =>
    db.transaction(async (tx) => {
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${RELAY_LOCK[0]}, ${RELAY_LOCK[1]}) as got`,
      )) as unknown as { rows: { got: boolean }[] };
      if (!lock.rows[0]?.got) return null;
      const rows = await tx
        .select({ id: liveBusOutbox.eventId, userId: liveBusOutbox.userId })
        .from(liveBusOutbox)
        .orderBy(asc(liveBusOutbox.eventId))
        .limit(BATCH);
      // Session ends go out with the events, after them (a stream that closes has read what came before).
      const ends = await tx
        .select({ id: liveBusSessionEnds.id, userId: liveBusSessionEnds.userId })
        .from(liveBusSessionEnds)
        .orderBy(asc(liveBusSessionEnds.id))
        .limit(BATCH);
      if (rows.length === 0 && ends.length === 0) return false;
      if (origin === undefined) {
        const found = (await tx.execute(
          sql`select oid::text as oid from pg_database where datname = current_database()`,
        )) as unknown as { rows: { oid: string }[] };
        origin = found.rows[0]?.oid ?? '0';
      }
      const events = [
        ...rows.map((r) => ({ ...r, ended: false, key: `${origin}:${r.id}` })),
        ...ends.map((r) => ({ ...r, ended: true, key: `${origin}:end:${r.id}` })),
      ];
      const dying = options.dieAfterPublishing;
      if (dying !== undefined && events.length >= dying) {
        await bus.publish(events.slice(0, dying));
        process.kill(process.pid, 'SIGKILL');
        await new Promise(() => {});
      }
      await bus.publish(events);
      if (rows.length > 0) {
        await tx.delete(liveBusOutbox).where(
          inArray(
            liveBusOutbox.eventId,
            rows.map((r) => r.id),
          ),
        );
      }
      if (ends.length > 0) {
        await tx.delete(liveBusSessionEnds).where(
          inArray(
            liveBusSessionEnds.id,
            ends.map((r) => r.id),
          ),
        );
      }
      return rows.length === BATCH || ends.length === BATCH;
    });

  const drain = async () => {
    let busy = 0;
    while (!stopped) {
      again = false;
      const full = await batch();
      if (full === null) {
        if (++busy > BUSY_RETRIES) return;
        await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
        continue;
      }
      if (!full && !again) return;
    }
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) kick();
      });
  };

  return {
    /** Publish what has committed, soon (after a commit that wrote live events). */
    kick,
    start(): void {
      stopped = false;
      poll = setInterval(kick, POLL_MS);
      poll.unref();
      kick();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poll);
      await running;
    },
  };
}

export type LiveRelay = ReturnType<typeof createLiveRelay>;

/** What waits for the relay (health shows it with a bus). */
export interface RelayBacklog {
  /** Outbox rows not yet published: live events and session ends. */
  backlog: number;
  /** How long the oldest of them has waited, by the app's clock; null when none waits. */
  oldestAgeMs: number | null;
}

export async function relayBacklog(db: Db, now: Date): Promise<RelayBacklog> {
  const waiting = await Promise.all(
    [liveBusOutbox, liveBusSessionEnds].map(async (outbox) => {
      const [row] = await db.select({ rows: count(), oldest: min(outbox.createdAt) }).from(outbox);
      return { rows: Number(row?.rows ?? 0), oldest: row?.oldest ?? null };
    }),
  );
  const oldest = waiting.flatMap((w) => (w.oldest ? [w.oldest.getTime()] : []));
  return {
    backlog: waiting.reduce((sum, w) => sum + w.rows, 0),
    oldestAgeMs: oldest.length > 0 ? Math.max(0, now.getTime() - Math.min(...oldest)) : null,
  };
}
