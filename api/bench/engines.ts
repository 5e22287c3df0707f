// The databases a benchmark runs on: a fresh PostgreSQL database or a fresh embedded one,
// each with the reference data and the bulk catalogue.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/connect';
import { seedBulkCatalogue } from '../src/seed/bulk';
import { seedReference } from '../src/seed/reference';

export type Engine = 'postgres' | 'pglite';

export interface BenchDatabase {
  engine: Engine;
  /** What the server process is started with. */
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function prepareDatabase(engine: Engine, listings: number, adminUrl: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `yardly-bench-${engine}-`));
  let url: string | undefined;
  let dropPostgres = async () => {};
  if (engine === 'postgres') {
    const name = `yardly_bench_${process.pid}`;
    await adminQuery(adminUrl, `create database "${name}"`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropPostgres = () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
  }
  const open = () => openDatabase({ databaseUrl: url, dataDir: url ? undefined : dataDir });
  let t = Date.now();
  const database = await open();
  await seedReference(database.db);
  console.log(`  migrate and reference data: ${Date.now() - t} ms`);
  t = Date.now();
  await seedBulkCatalogue(database.db, listings);
  console.log(`  ${listings} listings: ${Date.now() - t} ms`);
  await database.close();
  return {
    engine,
    env: url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATABASE_URL: '', DATA_DIR: dataDir },
    open,
    async drop() {
      await dropPostgres();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
