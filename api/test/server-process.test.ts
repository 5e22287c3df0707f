import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect';
import { pgliteTemplate } from './harness';
import {
  health as healthOn,
  killStartedServers,
  SERVER_START_MS,
  startServer as startOn,
  waitForHealth as waitOn,
} from './server-process-helpers';

// The real server process on the embedded database: one per DATA_DIR, and a clean stop.
const dataDir = mkdtempSync(join(tmpdir(), 'yardly-process-'));
const port = 3400 + (process.pid % 500);

const startServer = (env: Record<string, string> = {}, dir = dataDir) =>
  startOn({ dataDir: dir, port: Number(env.PORT ?? port), env });
const health = () => healthOn(port);
const waitForHealth = () => waitOn(port);

// The run's migrated and seeded template, unpacked here: a fresh start's migrating and seeding is
// `pnpm start`'s, which every journey's server does; these tests are about the process.
beforeAll(async () => {
  const database = await openDatabase({ dataDir, pgliteTemplate: pgliteTemplate() });
  await database.close();
});
afterAll(killStartedServers);

describe('the server process', () => {
  it(
    'serves, refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM',
    async () => {
      const first = startServer();
      expect(await waitForHealth()).toEqual({ code: 200, data: { db: 'ok' } });

      const second = startServer({ PORT: String(port + 1) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`DATA_DIR is in use by pid ${first.child.pid}`);
      expect(await health()).toEqual({ code: 200, data: { db: 'ok' } });

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    },
    2 * SERVER_START_MS,
  );

  it(
    'takes over the lock of a killed process and keeps its data',
    async () => {
      const killed = startServer();
      await waitForHealth();
      killed.child.kill('SIGKILL');
      await killed.exited;
      const next = startServer();
      expect(await waitForHealth()).toEqual({ code: 200, data: { db: 'ok' } });
      next.child.kill('SIGINT');
      expect(await next.exited).toBe(0);
    },
    2 * SERVER_START_MS,
  );

  it(
    'keeps the embedded database to its owner: directories 0700, files 0600',
    async () => {
      const server = startServer();
      await waitForHealth();
      const open: string[] = [];
      const walk = (path: string) => {
        if ((statSync(path).mode & 0o077) !== 0) open.push(path);
        if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
      };
      walk(join(dataDir, 'db'));
      expect(statSync(dataDir).mode & 0o077).toBe(0);
      expect(open).toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    2 * SERVER_START_MS,
  );

  it(
    'names a taken port before opening or seeding anything, and leaves no lock behind',
    async () => {
      const squatter = createServer();
      await new Promise<void>((resolve) => squatter.listen(port + 2, '127.0.0.1', resolve));
      const elsewhere = mkdtempSync(join(tmpdir(), 'yardly-port-'));
      try {
        const server = startServer({ PORT: String(port + 2), HOST: '127.0.0.1' }, elsewhere);
        expect(await server.exited).toBe(1);
        expect(server.output()).toContain(
          `Port ${port + 2} is in use on 127.0.0.1. Stop what uses it, or set another PORT.`,
        );
        expect(server.output()).not.toMatch(/\n\s+at /); // no stack trace
        expect(existsSync(join(elsewhere, 'yardly.lock'))).toBe(false);
        expect(existsSync(join(elsewhere, 'db'))).toBe(false);
      } finally {
        squatter.close();
      }
    },
    2 * SERVER_START_MS,
  );

  it(
    'refuses production without SMTP_URL in one line naming it, before opening anything',
    async () => {
      const elsewhere = mkdtempSync(join(tmpdir(), 'yardly-nomail-'));
      const server = startServer(
        { NODE_ENV: 'production', SMTP_URL: '', MAIL_LOG: '', PORT: String(port + 3) },
        elsewhere,
      );
      expect(await server.exited).toBe(1);
      expect(server.output().trim()).toBe(
        'Invalid configuration: SMTP_URL: required in production (or set MAIL_LOG=1 to write mail, codes included, to the log)',
      );
      expect(existsSync(join(elsewhere, 'db'))).toBe(false);
    },
    2 * SERVER_START_MS,
  );
});
