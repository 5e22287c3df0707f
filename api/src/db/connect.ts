import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Logger, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { apiRoot } from '../paths';
import { lockDataDir } from './lock';
import { settleDatabaseSettings, UnnamedStatementClient } from './pooler';
import { makePrivate } from './private-files';
import { openReadReplicas, type ReadReplicas } from './read-replicas';
import * as schema from './schema/index';
import { runningTransactionEnds } from './transaction-end';

export type Schema = typeof schema;
/** The database, whichever engine is behind it: PostgreSQL dialect either way. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** True when the schema was created by this start (a fresh database). */
  fresh: boolean;
  ping(): Promise<void>;
  /** The read replicas (DATABASE_READ_URLS, PostgreSQL only): where lag-tolerant reads may go. */
  reads?: ReadReplicas;
  /**
   * Hears `NOTIFY <channel>` (sent with pg_notify, delivered at commit): on PostgreSQL over one
   * connection of its own, which comes back after a loss and then calls `onReconnect` (what was
   * notified meanwhile is gone); on PGlite in process. Answers how to stop.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded database as a tarball (`loadDataDir` takes it back); PGlite only. */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * Set on every connection.
 * - Search's typo tolerance (`<%`) needs a word similarity of 0.5 rather than pg_trgm's 0.6, so
 *   that one swapped or dropped letter ('bicyle') still matches.
 * - Kept statements (kept-statements.ts) are planned afresh for their values on every run:
 *   PostgreSQL's generic plans can be ruinous for the search statements (docs/decisions/0009).
 */
const CONNECTION_SETTINGS = [
  { name: 'pg_trgm.word_similarity_threshold', value: '0.5' },
  { name: 'plan_cache_mode', value: 'force_custom_plan' },
] as const;

const migrationsFolder = join(apiRoot, 'drizzle');

export interface OpenOptions {
  /** PostgreSQL URL; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /**
   * The same database without a pooler between (DATABASE_DIRECT_URL): migrations and the live
   * listener use it. When it differs from `databaseUrl`, that one is taken for a pooler in
   * transaction mode (pooler.ts): statements go unnamed and the settings live on the database.
   */
  directUrl?: string;
  /** PGlite's directory parent; undefined keeps the embedded database in memory (tests). */
  dataDir?: string;
  /** An embedded database to start from (a `dumpDataDir` tarball): tests copy one migrated and seeded once. */
  pgliteTemplate?: Blob;
  /** Told every statement the app sends (tests count what a call costs). */
  logger?: Logger;
  /** Read replicas of `databaseUrl` (DATABASE_READ_URLS); ignored on PGlite. */
  readUrls?: readonly string[];
  /** A replica further behind than this is passed over (DATABASE_READ_MAX_LAG_MS). */
  readMaxLagMs?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : openPglite(options.dataDir, options.pgliteTemplate, options.logger);
}

async function openPglite(dataDir: string | undefined, template?: Blob, logger?: Logger): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const client = await PGlite.create({
      dataDir: dataDir ? join(dataDir, 'db') : undefined,
      extensions: { pg_trgm, cube, earthdistance },
      ...(template && { loadDataDir: template }),
    });
    if (dataDir) makePrivate(dataDir);
    await client.exec(CONNECTION_SETTINGS.map(({ name, value }) => `set ${name} = ${value};`).join('\n'));
    const db = runningTransactionEnds(drizzlePglite(client, { schema, logger }) as unknown as Db);
    const fresh = !(await hasSchema(db));
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      engine: 'pglite',
      fresh,
      ping: async () => void (await client.query('select 1')),
      listen: (channel, onNotify) => client.listen(channel, onNotify),
      close: async () => {
        await client.close();
        release();
      },
      dumpDataDir: () => client.dumpDataDir('none'),
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The settings as startup options (what a server takes; a pooler in transaction mode refuses them). */
const SETTINGS_OPTIONS = CONNECTION_SETTINGS.map(({ name, value }) => `-c ${name}=${value}`).join(' ');

/**
 * A pool with the settings every connection gets. Through a pooler in transaction mode they are
 * the database's own (settleDatabaseSettings) and no statement is named.
 */
function postgresPool(url: string, pooled: boolean, extra: pg.PoolConfig = {}): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: 10,
    ...(pooled ? { Client: UnnamedStatementClient } : { options: SETTINGS_OPTIONS }),
    ...extra,
  });
}

/** How long a read replica may take to accept a connection before the read goes to the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const { logger } = options;
  const directUrl = options.directUrl ?? url;
  const pooled = directUrl !== url;
  const pool = postgresPool(url, pooled);
  // An idle connection can die (a database restart, an admin's terminate): the pool replaces it.
  // Without a listener, Node would treat the pool's 'error' event as fatal and exit.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost (the pool reconnects): ${error.message}`));
  try {
    // On the server itself, never through a pooler: the lock below is held by the session.
    const client = new pg.Client({ connectionString: directUrl, options: SETTINGS_OPTIONS });
    // A lost connection fails the statement under way (which says so); the event itself needs a listener.
    client.on('error', () => {});
    await client.connect();
    let fresh: boolean;
    try {
      // Several api processes may start at once: one migrates, the others wait.
      await client.query('select pg_advisory_lock(727274)');
      const migrationDb = drizzlePg(client);
      fresh = !(await hasSchema(migrationDb as unknown as Db));
      await migratePg(migrationDb, { migrationsFolder });
      if (pooled) await settleDatabaseSettings(client, CONNECTION_SETTINGS);
    } finally {
      await client.query('select pg_advisory_unlock(727274)').catch(() => {});
      await client.end().catch(() => {});
    }
    const db = runningTransactionEnds(drizzlePg(pool, { schema, logger }) as unknown as Db);
    const reads = options.readUrls?.length
      ? await openReadReplicas({
          urls: options.readUrls,
          maxLagMs: options.readMaxLagMs ?? 5_000,
          primary: pool,
          primaryDb: db,
          // With a pooler before the primary, the replicas' URLs may name poolers too: the settings replicated.
          makePool: (replicaUrl) =>
            postgresPool(replicaUrl, pooled, { connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS }),
          makeDb: (client) => drizzlePg(client as pg.Pool, { schema, logger }) as unknown as Db,
        })
      : undefined;
    return {
      db,
      engine: 'postgres',
      fresh,
      ping: async () => void (await pool.query('select 1')),
      reads,
      // LISTEN belongs to a session: a pooler in transaction mode would hand it to whoever comes next.
      listen: (channel, onNotify, onReconnect) => listenPostgres(directUrl, channel, onNotify, onReconnect),
      close: async () => {
        await reads?.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
}

/** Wait before connecting again after the listening connection is lost. */
const RELISTEN_MS = 1_000;

/** LISTEN on a connection outside the pool (a pooled one is shared and returned); reconnects until stopped. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      void next.end().catch(() => {});
      // A failure while connecting is the caller's to retry; a lost connection is retried here.
      if (client !== next) return;
      client = undefined;
      console.error(`PostgreSQL listening connection lost (it reconnects): ${error.message}`);
      if (!stopped) retry = setTimeout(reconnect, RELISTEN_MS);
    });
    await next.connect();
    await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    client = next;
  };
  const reconnect = () => {
    connect()
      .then(() => onReconnect?.())
      .catch((error: Error) => {
        console.error(`PostgreSQL listening connection failed (it retries): ${error.message}`);
        if (!stopped) retry = setTimeout(reconnect, RELISTEN_MS);
      });
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

async function hasSchema(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`select to_regclass('public.listings') is not null as present`)) as {
    rows: { present: boolean }[];
  };
  return Boolean(result.rows[0]?.present);
}
