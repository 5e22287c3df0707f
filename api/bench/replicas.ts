// Issue 39's figures (`BENCH_PARTS=replicas`, PostgreSQL only): search p95 and requests/s with the
// api reading from the primary alone, then from one streaming replica (DATABASE_READ_URLS; made
// with pg_basebackup and started on a port of its own, test/replica-server.ts). Prints the figures
// and how many transactions the replica served (its pg_stat_database), so the run shows the reads
// went there; asserts nothing. On one machine the replica's server shares the cores with the
// primary, the api and the load generator: the figures say what routing costs here, not what a
// replica on a machine of its own adds.
import pg from 'pg';
import { startReplica } from '../test/replica-server';
import type { BenchDatabase } from './engines';
import { type Figures, measureHttp, printHeader, printRow } from './measure';
import { SEARCHES_NEAR_10001 } from './scale-out';
import { startServer, stopServer } from './server';

interface Load {
  seconds: number;
  connections: number;
  port: number;
}

async function transactionsServed(url: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
      [database],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

export async function benchReplicas(prepared: BenchDatabase, load: Load): Promise<void> {
  const primaryUrl = prepared.env.DATABASE_URL;
  if (!primaryUrl) throw new Error('the replica bench needs PostgreSQL');
  const database = new URL(primaryUrl).pathname.slice(1);
  const targets = SEARCHES_NEAR_10001;
  const t = Date.now();
  const replica = await startReplica(primaryUrl);
  try {
    await replica.caughtUp(database);
    console.log(`  a streaming replica (pg_basebackup and a second server): ready in ${Date.now() - t} ms`);
    const bySetup = new Map<string, Figures[]>();
    for (const [setup, env] of [
      ['the primary alone', {}],
      // The bound raised: this measures reads from a replica, not how often a busy shared machine
      // leaves it behind (other databases' writes replay on it too).
      [
        'one replica (DATABASE_READ_URLS)',
        { DATABASE_READ_URLS: replica.urlFor(database), DATABASE_READ_MAX_LAG_MS: '600000' },
      ],
    ] as const) {
      console.log(`  reads from ${setup}:`);
      printHeader();
      const server = await startServer({ ...prepared.env, ...env }, load.port);
      try {
        const before = await transactionsServed(replica.urlFor(database), database);
        const figures: Figures[] = [];
        for (const target of targets) {
          const row = await measureHttp(`http://127.0.0.1:${load.port}`, target, load);
          figures.push(row);
          printRow(row);
        }
        bySetup.set(setup, figures);
        const served = (await transactionsServed(replica.urlFor(database), database)) - before;
        const health = await fetch(`http://127.0.0.1:${load.port}/svc/health`).then(
          (r) => r.json() as Promise<{ data: unknown }>,
        );
        console.log(`  the replica served ${served} transactions; health: ${JSON.stringify(health.data)}`);
      } finally {
        await stopServer(server);
      }
    }
    const alone = bySetup.get('the primary alone') ?? [];
    const replicated = bySetup.get('one replica (DATABASE_READ_URLS)') ?? [];
    console.log(
      `  search p95 / requests/s, primary alone -> one replica: ${targets
        .map(
          (target, i) =>
            `${target.path} ${alone[i]?.p95.toFixed(1)} -> ${replicated[i]?.p95.toFixed(1)} ms, ` +
            `${alone[i]?.rps.toFixed(0)} -> ${replicated[i]?.rps.toFixed(0)} req/s`,
        )
        .join('; ')}\n`,
    );
  } finally {
    await replica.remove();
  }
}
