import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/connect';
import { createPostgresDatabase, pgliteTemplate } from './harness';

const started: ChildProcess[] = [];

/** The real server (`src/server.ts`, bundled for the run) as a child process on a DATA_DIR and port, api only, no demo data. */
export function startServer(options: { dataDir: string; port: number; env?: Record<string, string> }) {
  const child = spawn(process.execPath, ['--enable-source-maps', inject('apiBundle')], {
    cwd: join(__dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      API_ONLY: '1',
      SEED: 'none',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function health(port: number): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}/svc/health`);
  return res.json();
}

/**
 * How long a spawned server may take to answer: on a busy two-core machine (the PostgreSQL pass
 * runs beside the browser journeys) a start took over a minute. A start is not what these tests time.
 */
export const SERVER_START_MS = 180_000;

/** Polls /svc/health until the server answers (it is starting: there is no event to wait for). */
export async function waitForHealth(port: number, timeoutMs = SERVER_START_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      return await health(port);
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error('server did not answer');
}

/** For afterAll: no child outlives its test file. */
export function killStartedServers(): void {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * A database for a spawned server, copied from the run's template (test/global-setup.ts) so its
 * start does not migrate and seed 42,555 zips again: the embedded database unpacked into
 * DATA_DIR/db, or, when DATABASE_URL is set, a PostgreSQL database made from the template.
 * Answers the server's DATABASE_URL ('' for the embedded one) and how to drop it.
 */
export async function databaseFromTemplate(dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return createPostgresDatabase(process.env.DATABASE_URL);
  const database = await openDatabase({ dataDir, pgliteTemplate: pgliteTemplate() });
  await database.close();
  return { url: '', drop: async () => {} };
}
