import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  health as healthOn,
  killStartedServers,
  startServer as startOn,
  waitForHealth as waitOn,
} from './server-process-helpers';

// The real server process on the embedded database: one per DATA_DIR, and a clean stop.
const dataDir = mkdtempSync(join(tmpdir(), 'yardly-process-'));
const port = 3400 + (process.pid % 500);

const startServer = (env: Record<string, string> = {}) => startOn({ dataDir, port: Number(env.PORT ?? port), env });
const health = () => healthOn(port);
const waitForHealth = () => waitOn(port);

afterAll(killStartedServers);

describe('the server process', () => {
  it('serves, refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const first = startServer();
    expect(await waitForHealth()).toEqual({ code: 200, data: { db: 'ok' } });

    const second = startServer({ PORT: String(port + 1) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`DATA_DIR is in use by pid ${first.child.pid}`);
    expect(await health()).toEqual({ code: 200, data: { db: 'ok' } });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 120_000);

  it('takes over the lock of a killed process and keeps its data', async () => {
    const killed = startServer();
    await waitForHealth();
    killed.child.kill('SIGKILL');
    await killed.exited;
    const next = startServer();
    expect(await waitForHealth()).toEqual({ code: 200, data: { db: 'ok' } });
    next.child.kill('SIGINT');
    expect(await next.exited).toBe(0);
  }, 120_000);
});
