import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { isDevClock } from '../src/clock/clock';
import { parseConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/connect';
import type { FileStore } from '../src/modules/files/file-store';
import { fileStoreFor } from '../src/modules/files/store-for';
import { loadSigningSecret } from '../src/secrets/secrets';
import { adminQuery, withDatabase } from './global-setup';
import { recordAnswers, writeDescription } from './openapi-answers';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  files: FileStore;
  /** The app's server secret (what it signs tokens and seals mail bodies with). */
  secret: Uint8Array;
  /** Its DATA_DIR (the generated secrets.json and vapid.json). */
  dataDir: string;
  /** The PostgreSQL database of this app (DATABASE_URL set), for a second app on the same one. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A fresh api on a fresh database for one test file, copied from the run's template (migrated
 * and seeded once, test/global-setup.ts): embedded PGlite in memory, or, when DATABASE_URL is
 * set, a new PostgreSQL database made for this file and dropped after it.
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    sameDatabaseAs?: TestApp;
    logger?: Logger;
    /** Where the app's log lines go (with `env.LOG_LEVEL`: tests are silent by default). */
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'yardly-test-'));
  const shared = options.sameDatabaseAs;
  if (shared && !shared.databaseUrl) throw new Error('only apps on PostgreSQL can share a database');
  // Instances on one database share their secrets (or the second refuses to start, issue 34).
  for (const file of ['secrets.json', 'vapid.json']) {
    if (shared && existsSync(join(shared.dataDir, file))) copyFileSync(join(shared.dataDir, file), join(dataDir, file));
  }
  const fresh =
    process.env.DATABASE_URL && !shared ? await createPostgresDatabase(process.env.DATABASE_URL) : undefined;
  const databaseUrl = shared?.databaseUrl ?? fresh?.url;
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...options.env });
  const database = await openDatabase({
    // A test's env may put a pooler before the database (pgbouncer.test.ts).
    ...(databaseUrl
      ? { databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl }
      : { pgliteTemplate: pgliteTemplate() }),
    logger: options.logger,
    readUrls: config.databaseReadUrls,
    readMaxLagMs: config.databaseReadMaxLagMs,
  });
  // DATA_DIR/files, or the bucket of S3_URL when a test's env sets it (object-store.test.ts).
  const files = fileStoreFor(config);
  const app = await buildApp({ config, database, files, logStream: options.logStream });
  // Every answer is checked against the OpenAPI description at the run's end (openapi-answers.ts).
  recordAnswers(app, inject('answersDir'));
  await app.ready();
  await writeDescription(app, inject('answersDir'), config.donationEnabled ? 'donations' : 'plain');
  return {
    app,
    database,
    files,
    secret: loadSigningSecret({ configured: config.jwtSecret, dataDir: config.dataDir }),
    dataDir,
    databaseUrl,
    async close() {
      await app.close();
      await database.close().catch(() => {}); // a test may have closed it already
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Closes what a file started, in the order given (the app before the stand-ins it calls); a part never started is passed over. */
export async function closeInOrder(...parts: ({ close(): Promise<unknown> } | undefined)[]): Promise<void> {
  for (const part of parts) await part?.close();
}

/** The run's embedded database template (test/global-setup.ts), as PGlite loads it. */
export function pgliteTemplate(): Blob {
  const template = inject('databaseTemplate');
  if (template.engine !== 'pglite') throw new Error('DATABASE_URL is unset but the test template is PostgreSQL');
  return new Blob([readFileSync(template.file)]);
}

/** A new PostgreSQL database beside the one `baseUrl` names, copied from the run's template, and how to drop it. */
export async function createPostgresDatabase(baseUrl: string) {
  const template = inject('databaseTemplate');
  if (template.engine !== 'postgres') throw new Error('DATABASE_URL is set but the test template is not PostgreSQL');
  const name = `yardly_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(baseUrl, `create database "${name}" template "${template.name}"`);
  return {
    url: withDatabase(baseUrl, name),
    drop: () => adminQuery(baseUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** The JSON of an inject() answer. */
export function json<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}

/**
 * Moves the app's dev clock forward (POST /svc/dev/clock) and answers once every job that came
 * due has run; 0 minutes runs what is due now (queued mail, for one). Tests never sleep.
 */
export async function advanceClock(t: TestApp, minutes = 0): Promise<Date> {
  const res = await t.app.inject({ method: 'POST', url: '/svc/dev/clock', payload: { advanceMinutes: minutes } });
  if (res.statusCode !== 200) throw new Error(`the dev clock answered ${res.statusCode}: ${res.body}`);
  return new Date(json<{ data: { now: string } }>(res).data.now);
}

/** Runs the jobs due now (the mail just queued): the clock stays where it is. */
export const runDueJobs = (t: TestApp) => advanceClock(t, 0);

/** Stops the app's dev clock until the answered function is called: what happens meanwhile shares one instant. */
export function holdClock(t: TestApp): () => void {
  const clock = t.app.clock;
  if (!isDevClock(clock)) throw new Error('only a dev clock can be held');
  clock.hold();
  return () => clock.release();
}
