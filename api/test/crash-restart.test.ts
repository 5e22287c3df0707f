import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerAt } from './api-process-calls';
import { freshEmail, GOOD_PASSWORD } from './identity-helpers';
import {
  databaseFromTemplate,
  killStartedServers,
  SERVER_START_MS,
  startServer,
  waitForHealth,
} from './server-process-helpers';

/*
 * kill -9 in the middle of writes, then a restart on the same DATA_DIR (and, when DATABASE_URL
 * is set, the same PostgreSQL database): the restart is never refused, and every write that was
 * answered 2xx is there. Three rounds on one data directory. The server starts from the run's
 * template database, so no start reseeds the zips.
 */
const ROUNDS = 3;
/** Writes acknowledged before the kill; more are in flight when it lands. */
const ACKED_BEFORE_KILL = 25;
const IN_FLIGHT = 4;

const dataDir = mkdtempSync(join(tmpdir(), 'yardly-crash-'));
const port = 4400 + (process.pid % 400);
const call = callerAt(port);
let database: Awaited<ReturnType<typeof databaseFromTemplate>>;

beforeAll(async () => {
  database = await databaseFromTemplate(dataDir);
});
afterAll(async () => {
  killStartedServers();
  await database?.drop();
});

async function start() {
  const began = Date.now();
  const server = startServer({
    dataDir,
    port,
    env: { NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
  });
  const answer = await Promise.race([waitForHealth(port), server.exited.then((code) => ({ exited: code }))]);
  expect(answer, `the restart was refused:\n${server.output()}`).toEqual({ code: 200, data: { db: 'ok' } });
  return { server, ms: Date.now() - began };
}

/** Sign up and verify through the api: the token stays good across restarts (its secret is in DATA_DIR). */
async function signedUpToken(): Promise<string> {
  const email = freshEmail('crash');
  const signUp = await call('POST', '/users/signup', {
    email,
    password: GOOD_PASSWORD,
    nameFirst: 'Kit',
    nameLast: 'Lane',
  });
  expect(signUp.status).toBe(200);
  await call('POST', '/dev/clock', { advanceMinutes: 0 }); // delivers the queued mail
  const outbox = await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
  const code = /\b(\d{6})\b/.exec((outbox.body.data as { text: string }[])[0]?.text ?? '')?.[1];
  const verified = await call('POST', '/users/verify-email', { email, code });
  expect(verified.status).toBe(200);
  return (verified.body.data as { token: string }).token;
}

/**
 * Saves addresses, IN_FLIGHT at a time, until ACKED_BEFORE_KILL were answered 2xx, then kills
 * the server with requests still in flight. Answers the first lines of the acknowledged ones.
 */
async function writeUntilKilled(token: string, round: number, server: ReturnType<typeof startServer>) {
  const acked: string[] = [];
  let next = 0;
  let killed = false;
  const writer = async () => {
    while (!killed) {
      const line1 = `${round}-${next++} Crash Lane`;
      const saved = await call('POST', '/account/saveAddress', address(line1), token).catch(() => undefined);
      if (saved && saved.status >= 200 && saved.status < 300) acked.push(line1);
      // A refused write is a broken test, not a crash: fail now instead of writing forever.
      if (saved && saved.status >= 400 && saved.status < 500)
        throw new Error(`write refused: ${JSON.stringify(saved.body)}`);
      if (acked.length >= ACKED_BEFORE_KILL && !killed) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, writer));
  expect(await server.exited).toBeNull(); // killed, not exited
  return acked;
}

const address = (line1: string) => ({
  firstName: 'Kit',
  lastName: 'Lane',
  line1,
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phoneNo: '5551234567',
});

describe('kill -9 in the middle of writes', () => {
  it(
    `keeps every acknowledged write across ${ROUNDS} kills, and every restart serves`,
    async () => {
      let { server, ms } = await start();
      const starts = [ms];
      const token = await signedUpToken();
      const acked: string[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        acked.push(...(await writeUntilKilled(token, round, server)));
        ({ server, ms } = await start());
        starts.push(ms);
        const saved = await call('GET', '/account/fetchAddresses', undefined, token);
        expect(saved.status).toBe(200);
        const lines = new Set((saved.body.data as { line1: string }[]).map((a) => a.line1));
        expect(acked.filter((line) => !lines.has(line))).toEqual([]);
      }
      console.log(
        `crash test (${database.url ? 'PostgreSQL' : 'PGlite'}): ${acked.length} acknowledged writes kept across ${ROUNDS} kills; starts took ${starts.join(', ')} ms`,
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    },
    (ROUNDS + 1) * SERVER_START_MS,
  );
});
