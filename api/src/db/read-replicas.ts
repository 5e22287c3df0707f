import { WAL_POSITION_PATTERN } from '@yardly/shared/contract';
import type pg from 'pg';
import type { Db } from './connect';

/** What health shows of one replica (its URL may carry a password: it is named by its place in DATABASE_READ_URLS). */
export interface ReplicaStatus {
  /** 1 for the first URL of DATABASE_READ_URLS. */
  replica: number;
  /** ok: reads may go to it; lagging: behind by more than DATABASE_READ_MAX_LAG_MS; down: not answering, or not a replica. */
  state: 'ok' | 'lagging' | 'down';
  /** How far its replay is behind the primary, in ms (0: it has replayed all the primary has written); null when down or unknown. */
  lagMs: number | null;
}

/** Lag-tolerant reads spread over the replicas (docs/decisions/0060). */
export interface ReadReplicas {
  /**
   * The database for one lag-tolerant read: the next replica in turn that is up, within the lag
   * bound and has replayed `after` (the WAL position of the reader's last write), else the primary.
   */
  pick(after: string | null): { db: Db; replica: number | null };
  /** Asks the primary and each replica now; `pick` chooses by the latest answers (also checked every second). */
  check(): Promise<ReplicaStatus[]>;
  /** The primary's WAL position now: a write that has committed is at or before it. */
  primaryPosition(): Promise<string>;
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  urls: readonly string[];
  maxLagMs: number;
  primary: pg.Pool;
  /** The app's database on the primary (what a read gets when no replica fits). */
  primaryDb: Db;
  /** A pool with the app's connection settings. */
  makePool(url: string): pg.Pool;
  /** The app's database over a client that answers `query` (drizzle's node-postgres driver needs no more outside a transaction). */
  makeDb(client: Pick<pg.Pool, 'query'>): Db;
  /** How often the replicas are asked (ms). */
  checkEveryMs?: number;
}

interface Replica {
  index: number;
  pool: pg.Pool;
  db: Db;
  status: ReplicaStatus;
  /** The WAL position it had replayed at the last check. */
  replayed: bigint | null;
}

/** How long a check waits for a server before calling it down. */
const CHECK_TIMEOUT_MS = 2_000;

export function isWalPosition(text: string): boolean {
  return WAL_POSITION_PATTERN.test(text);
}

function lsnValue(text: string): bigint {
  const match = WAL_POSITION_PATTERN.exec(text);
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/**
 * A failure that says the server cannot serve now rather than that the statement is wrong: the
 * connection (no SQLSTATE, class 08), a shutdown (57), too many connections (53), or a read a
 * replica cancelled for a conflict with its replay (40001). The read is asked of the primary.
 */
function serverUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return /^(08|57|53)/.test(code) || code === '40001';
}

/** What drizzle is given for a replica (a class: drizzle takes a plain object for its own options). */
class ReplicaClient {
  constructor(readonly query: pg.Pool['query']) {}
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function openReadReplicas(options: ReadReplicaOptions): Promise<ReadReplicas> {
  const { primary, primaryDb, maxLagMs } = options;
  const replicas: Replica[] = options.urls.map((url, i) => {
    const pool = options.makePool(url);
    const replica: Replica = {
      index: i + 1,
      pool,
      db: undefined as unknown as Db,
      status: { replica: i + 1, state: 'down', lagMs: null },
      replayed: null,
    };
    // A replica that fails between checks is passed over from then on, and this read asks the primary.
    const query = (async (...args: Parameters<pg.Pool['query']>) => {
      try {
        return await (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        if (!serverUnavailable(error)) throw error;
        replica.status = { replica: replica.index, state: 'down', lagMs: null };
        return (primary.query as (...a: unknown[]) => Promise<unknown>)(...args);
      }
    }) as pg.Pool['query'];
    replica.db = options.makeDb(new ReplicaClient(query));
    // Reads only: a transaction belongs on the primary.
    replica.db.transaction = (() => {
      throw new Error('A transaction on a read replica: transactions stay on DATABASE_URL');
    }) as Db['transaction'];
    pool.on('error', (error) => {
      replica.status = { replica: replica.index, state: 'down', lagMs: null };
      console.error(`Read replica ${replica.index} connection lost (reads go elsewhere): ${error.message}`);
    });
    return replica;
  });

  let next = 0;
  let inFlight: Promise<ReplicaStatus[]> | undefined;

  const primaryPosition = async () => {
    const result = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    return result.rows[0]?.lsn ?? '0/0';
  };

  const checkOne = async (replica: Replica, primaryLsn: string) => {
    try {
      const result = await withTimeout(
        replica.pool.query<{ replayed: string | null; caught_up: boolean | null; since_ms: number | null }>(
          `select pg_last_wal_replay_lsn()::text as replayed,
                  pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up,
                  (extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 as since_ms`,
          [primaryLsn],
        ),
        CHECK_TIMEOUT_MS,
      );
      const row = result.rows[0];
      // Not in recovery (a promoted replica, or the primary's own URL): not a replica to read from.
      if (!row?.replayed) {
        replica.status = { replica: replica.index, state: 'down', lagMs: null };
        replica.replayed = null;
        return;
      }
      // Behind: as old as the last transaction it replayed (its commit time on the primary);
      // unknown when it has replayed none since it started (then it is not read from).
      const lagMs = row.caught_up ? 0 : row.since_ms === null ? null : Math.max(0, Math.round(row.since_ms));
      replica.replayed = lsnValue(row.replayed);
      replica.status = {
        replica: replica.index,
        state: lagMs !== null && lagMs <= maxLagMs ? 'ok' : 'lagging',
        lagMs,
      };
    } catch {
      replica.status = { replica: replica.index, state: 'down', lagMs: null };
      replica.replayed = null;
    }
  };

  const check = () => {
    inFlight ??= (async () => {
      try {
        const primaryLsn = await withTimeout(primaryPosition(), CHECK_TIMEOUT_MS);
        await Promise.all(replicas.map((replica) => checkOne(replica, primaryLsn)));
      } catch {
        // The primary does not answer: its position is unknown, so no replica can be known to be close.
        for (const replica of replicas) replica.status = { ...replica.status, state: 'down', lagMs: null };
      }
      return replicas.map((replica) => ({ ...replica.status }));
    })().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  await check();
  const timer = setInterval(() => void check(), options.checkEveryMs ?? 1_000);
  timer.unref();

  return {
    pick(after) {
      const needed = after && isWalPosition(after) ? lsnValue(after) : null;
      for (let i = 0; i < replicas.length; i++) {
        const replica = replicas[(next + i) % replicas.length] as Replica;
        if (replica.status.state !== 'ok') continue;
        if (needed !== null && (replica.replayed === null || replica.replayed < needed)) continue;
        next = (next + i + 1) % replicas.length;
        return { db: replica.db, replica: replica.index };
      }
      return { db: primaryDb, replica: null };
    },
    check,
    primaryPosition,
    async close() {
      clearInterval(timer);
      await inFlight?.catch(() => {});
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => {})));
    },
  };
}
