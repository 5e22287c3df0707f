// The databases a benchmark runs on: a fresh PostgreSQL database or a fresh embedded one,
// each with the reference data and the bulk catalogue.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/connect';
import { hasBulkCatalogue, seedBulkCatalogue } from '../src/seed/bulk';
import { seedReference } from '../src/seed/reference';

export type Engine = 'postgres' | 'pglite';

export interface BenchDatabase {
  engine: Engine;
  /** What the server process is started with. */
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * `keep` (BENCH_KEEP_DB): the name of a PostgreSQL database to seed once and keep, so that
 * repeated runs skip the seeding (it is migrated on open, and never dropped). A kept database
 * seeded with another BENCH_LISTINGS keeps its own count.
 */
export async function prepareDatabase(
  engine: Engine,
  listings: number,
  adminUrl: string,
  keep?: string,
): Promise<BenchDatabase> {
  // A kept database keeps its DATA_DIR too: its secrets (JWT_SECRET, the VAPID pair) are recorded
  // in the database, and an api with other ones refuses to start on it (issue 34).
  const dataDir =
    keep && engine === 'postgres'
      ? join(tmpdir(), `yardly-bench-kept-${keep}`)
      : mkdtempSync(join(tmpdir(), `yardly-bench-${engine}-`));
  if (keep && engine === 'postgres') mkdirSync(dataDir, { recursive: true });
  let url: string | undefined;
  let dropPostgres = async () => {};
  if (engine === 'postgres') {
    const name = keep || `yardly_bench_${process.pid}`;
    if (!keep || !(await adminQuery(adminUrl, `select 1 from pg_database where datname = '${name}'`))) {
      await adminQuery(adminUrl, `create database "${name}"`);
    }
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    if (!keep)
      dropPostgres = () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`).then(() => {});
  }
  const open = () => openDatabase({ databaseUrl: url, dataDir: url ? undefined : dataDir });
  let t = Date.now();
  const database = await open();
  if (keep && engine === 'postgres' && (await hasBulkCatalogue(database.db))) {
    console.log(`  kept database ${keep}: migrated in ${Date.now() - t} ms, not seeded again`);
  } else {
    await seedReference(database.db);
    console.log(`  migrate and reference data: ${Date.now() - t} ms`);
    t = Date.now();
    await seedBulkCatalogue(database.db, listings);
    console.log(`  ${listings} listings: ${Date.now() - t} ms`);
  }
  await database.close();
  return {
    engine,
    env: url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATABASE_URL: '', DATA_DIR: dataDir },
    open,
    async drop() {
      await dropPostgres();
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `text`; true when it answered rows. */
async function adminQuery(url: string, text: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return ((await client.query(text)).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}
