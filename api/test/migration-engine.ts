import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

// Databases built migration by migration, to test what a migration does to existing rows.

export const migrations = fileURLToPath(new URL('../drizzle', import.meta.url));

/** The migrations folder as it was up to journal entry `lastIdx`, in a temporary folder. */
export function foldersUpTo(lastIdx: number): string {
  const dir = mkdtempSync(join(tmpdir(), `yardly-${lastIdx}-`));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

export interface Engine {
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function pgliteEngine(): Promise<Engine> {
  const client = await PGlite.create({ extensions: { pg_trgm, cube, earthdistance } });
  return {
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function postgresEngine(baseUrl: string): Promise<Engine> {
  const name = `yardly_migration_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    async close() {
      await client.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** A bare database (not the test template) to migrate step by step: PostgreSQL when DATABASE_URL is set. */
export function openEngine(): Promise<Engine> {
  return process.env.DATABASE_URL ? postgresEngine(process.env.DATABASE_URL) : pgliteEngine();
}
