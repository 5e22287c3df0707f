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
import { decodeQuotedPrintable, startSmtp } from './smtp-server';

// A job survives the process: mail queued by a server killed with SIGKILL goes out after the
// restart. On the embedded database in DATA_DIR, or on PostgreSQL when DATABASE_URL is set.
const dataDir = mkdtempSync(join(tmpdir(), 'yardly-jobs-restart-'));
const port = 3900 + (process.pid % 500);
const call = callerAt(port);
let database: Awaited<ReturnType<typeof databaseFromTemplate>> | undefined;

beforeAll(async () => {
  // From the run's template: the first start does not reseed the zips.
  database = await databaseFromTemplate(dataDir);
});
afterAll(async () => {
  killStartedServers();
  await database?.drop();
});

describe('jobs across a kill -9', () => {
  it(
    'delivers after the restart the mail queued before the process was killed',
    async () => {
      const smtp = await startSmtp();
      await smtp.close(); // the mail server is down while the first process runs
      const env = { SMTP_URL: smtp.url, NODE_ENV: 'test', DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'warn' };

      const first = startServer({ dataDir, port, env });
      await waitForHealth(port);
      const email = freshEmail('killed');
      const signUp = await call('POST', '/users/signup', {
        email,
        password: GOOD_PASSWORD,
        nameFirst: 'Kit',
        nameLast: 'Lane',
      });
      expect(signUp.status).toBe(200);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull(); // killed, not exited

      const back = await startSmtp({}, smtp.port);
      try {
        const second = startServer({ dataDir, port, env });
        await waitForHealth(port);
        // Past any backoff the first process's failed tries set; answers once the due jobs ran.
        const moved = await call('POST', '/dev/clock', { advanceMinutes: 60 });
        expect(moved.status).toBe(200);

        expect(back.received.map((m) => m.to)).toEqual([[email]]);
        expect(decodeQuotedPrintable(back.received[0]?.raw ?? '')).toMatch(/Your Yardly verification code/);
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      } finally {
        await back.close();
      }
    },
    3 * SERVER_START_MS,
  );
});
