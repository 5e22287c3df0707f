import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/connect';
import { diskFileStore, type FileStore } from '../src/modules/files/file-store';
import { adminQuery, withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  files: FileStore;
  close(): Promise<void>;
}

/**
 * A fresh api on a fresh database for one test file, copied from the run's template (migrated
 * and seeded once, test/global-setup.ts): embedded PGlite in memory, or, when DATABASE_URL is
 * set, a new PostgreSQL database made for this file and dropped after it.
 */
export async function startTestApp(options: { env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yardly-test-'));
  const template = inject('databaseTemplate');
  const fresh =
    template.engine === 'postgres' && process.env.DATABASE_URL
      ? await createPostgresDatabase(process.env.DATABASE_URL, template.name)
      : undefined;
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: fresh?.url, ...options.env });
  const database = await openDatabase(
    fresh ? { databaseUrl: fresh.url } : { pgliteTemplate: new Blob([readFileSync(pgliteFile(template))]) },
  );
  const files = diskFileStore(config.filesDir);
  const app = await buildApp({ config, database, files });
  await app.ready();
  return {
    app,
    database,
    files,
    async close() {
      await app.close();
      await database.close().catch(() => {}); // a test may have closed it already
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function pgliteFile(template: ReturnType<typeof inject<'databaseTemplate'>>): string {
  if (template.engine !== 'pglite') throw new Error('DATABASE_URL is set but the test template is not PostgreSQL');
  return template.file;
}

async function createPostgresDatabase(baseUrl: string, templateName: string) {
  const name = `yardly_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(baseUrl, `create database "${name}" template "${templateName}"`);
  return {
    url: withDatabase(baseUrl, name),
    drop: () => adminQuery(baseUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** The JSON of an inject() answer. */
export function json<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}
