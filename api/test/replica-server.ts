import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where Debian's PostgreSQL 15 keeps its server programs. */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** A streaming replica of the cluster DATABASE_URL is on: a second `postgres` server on a port of its own. */
export interface ReplicaServer {
  port: number;
  /** The replica's URL for one database of the cluster. */
  urlFor(database: string): string;
  /** One statement on the replica (as the superuser): pg_wal_replay_pause(), say. */
  query<T extends pg.QueryResultRow>(database: string, text: string): Promise<T[]>;
  /** Waits until the replica has replayed all the primary has written now. */
  caughtUp(database: string): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/** Why no replica can be made here, said plainly; undefined when it can. */
export function replicaUnavailable(): string | undefined {
  for (const program of ['pg_basebackup', 'pg_ctl', 'postgres']) {
    if (!existsSync(join(POSTGRES_BIN, program))) {
      return `the PostgreSQL server programs are missing: no ${join(POSTGRES_BIN, program)} (apt-get install postgresql-15, or set POSTGRES_BIN)`;
    }
  }
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    return 'running as root with no postgres user: the PostgreSQL server refuses to run as root';
  }
  return undefined;
}

/** Runs a server program as the postgres user when we are root (the server refuses root). */
function run(program: string, args: string[]): { ok: boolean; output: string } {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : join(POSTGRES_BIN, program);
  const argv = asRoot ? ['-u', 'postgres', '--', join(POSTGRES_BIN, program), ...args] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 120_000 });
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`.trim(),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Settings a hot standby must have at least as high as its primary's, or it refuses to start. */
const MATCHED_SETTINGS = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
  // Not required, but a replica with less cache than its primary would make the bench unfair.
  'shared_buffers',
] as const;

/**
 * Makes a replica of the cluster `primaryUrl` is on: pg_basebackup into a temporary folder (with
 * -R, the standby signal and the primary's address), then a hot standby server on a free port.
 * Throws, saying why, when the primary refuses a replication connection (pg_hba.conf) or the
 * server does not start.
 */
export async function startReplica(primaryUrl: string): Promise<ReplicaServer> {
  const unavailable = replicaUnavailable();
  if (unavailable) throw new Error(unavailable);
  const primary = new URL(primaryUrl);
  const settings = await withClient(primaryUrl, async (client) => {
    const values: string[] = [];
    for (const name of MATCHED_SETTINGS) {
      const { rows } = await client.query<Record<string, string>>(`show ${name}`);
      values.push(`${name} = '${rows[0]?.[name]}'`);
    }
    const { rows } = await client.query<{ wal_level: string }>('show wal_level');
    if (rows[0]?.wal_level === 'minimal') throw new Error('the primary has wal_level = minimal: set it to replica');
    return values;
  });

  const folder = mkdtempSync(join(tmpdir(), 'yardly-replica-'));
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
    chownSync(folder, uid, gid);
  }
  const data = join(folder, 'data');
  const port = await freePort();
  const remove = () => rmSync(folder, { recursive: true, force: true });

  const backup = run('pg_basebackup', [
    '-h',
    primary.hostname,
    '-p',
    primary.port || '5432',
    '-U',
    decodeURIComponent(primary.username || 'postgres'),
    '-D',
    data,
    '-X',
    'stream',
    '-R',
    '-c',
    'fast',
    '--no-sync',
  ]);
  if (!backup.ok) {
    remove();
    throw new Error(
      `pg_basebackup could not copy the primary (the cluster must allow replication from 127.0.0.1 in pg_hba.conf, as .ci/run sets): ${backup.output}`,
    );
  }
  // Debian keeps the configuration outside the data folder: the replica gets its own.
  const conf = [
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${folder}'`,
    'hot_standby = on',
    'hot_standby_feedback = on',
    'fsync = off',
    ...settings,
  ];
  writeFileSync(join(data, 'postgresql.conf'), `${conf.join('\n')}\n`);
  writeFileSync(join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  if (process.getuid?.() === 0) {
    spawnSync('chown', ['-R', 'postgres:postgres', folder]);
  }
  const log = join(folder, 'server.log');
  const start = () => run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
  const started = start();
  if (!started.ok) {
    const detail = spawnSync('tail', ['-n', '20', log], { encoding: 'utf8' }).stdout;
    remove();
    throw new Error(`the replica server did not start: ${started.output}\n${detail}`);
  }

  const user = encodeURIComponent(decodeURIComponent(primary.username || 'postgres'));
  const urlFor = (database: string) => `postgres://${user}@127.0.0.1:${port}/${database}`;
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    const stopped = run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    if (!stopped.ok) throw new Error(`the replica server did not stop: ${stopped.output}`);
  };
  return {
    port,
    urlFor,
    query: (database, text) => withClient(urlFor(database), async (client) => (await client.query(text)).rows),
    async caughtUp(database) {
      const target = await withClient(primaryUrl, async (client) => {
        const { rows } = await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
        return rows[0]?.lsn;
      });
      // Replay takes milliseconds; a minute without it is a broken replica.
      for (let i = 0; i < 600; i++) {
        const done = await withClient(urlFor(database), async (client) => {
          const { rows } = await client.query<{ done: boolean }>(
            `select pg_last_wal_replay_lsn() >= '${target}'::pg_lsn as done`,
          );
          return rows[0]?.done === true;
        }).catch(() => false);
        if (done) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the replica did not replay up to ${target} within a minute`);
    },
    stop,
    async remove() {
      await stop().catch(() => {});
      remove();
    },
  };
}
