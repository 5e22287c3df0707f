import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { conversationPath } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect';
import { users } from '../src/db/schema/index';
import { hashPassword } from '../src/modules/auth/passwords';
import { callerAt } from './api-process-calls';
import { insertListing, insertSeller } from './fixtures';
import { GOOD_PASSWORD } from './identity-helpers';
import { browserSubscription, startPushServiceStandIn } from './push-service-stand-in';
import {
  databaseFromTemplate,
  killStartedServers,
  SERVER_START_MS,
  startServer,
  waitForHealth,
} from './server-process-helpers';

// Issue 17 §3, Web Push end to end: the real server (a child process, so that NODE_EXTRA_CA_CERTS
// is read at its start, as an operator adds a corporate CA) pushes a message's notification to a
// local push service over HTTPS; the test opens the payload with the browser keys it subscribed
// with. (A 410 deleting the subscription is in notifications.test.ts, where jobs run on demand.)

const dataDir = mkdtempSync(join(tmpdir(), 'yardly-push-'));
const port = 5200 + (process.pid % 400);
const call = callerAt(port);
let database: Awaited<ReturnType<typeof databaseFromTemplate>>;
let pushService: Awaited<ReturnType<typeof startPushServiceStandIn>>;
const people = { seller: '', buyer: '' };
let listingRefnum = '';

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  database = await databaseFromTemplate(dataDir);
  // A seller, a buyer and a live listing, written before the server holds the database.
  const db = await openDatabase(database.url ? { databaseUrl: database.url } : { dataDir });
  try {
    const passwordHash = await hashPassword(GOOD_PASSWORD);
    for (const who of ['seller', 'buyer'] as const) {
      const row = await insertSeller(db.db);
      await db.db.update(users).set({ passwordHash, emailVerifiedAt: new Date() }).where(eq(users.id, row.id));
      people[who] = row.email;
      if (who === 'seller')
        listingRefnum = (await insertListing(db.db, row.id, 'electronics', { title: 'Teak chair' })).refnum;
    }
  } finally {
    await db.close();
  }
}, 60_000);
afterAll(async () => {
  killStartedServers();
  await database?.drop();
  await pushService?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function login(email: string) {
  const res = await call('POST', '/users/login', { email, password: GOOD_PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { token: string; userRefnum: string };
}

describe('web push through a push service over HTTPS', () => {
  it(
    "pushes a message's notification, encrypted for the browser, to the subscription saved through the api",
    async () => {
      const server = startServer({
        dataDir,
        port,
        env: {
          NODE_ENV: 'test',
          DATABASE_URL: database.url,
          LOG_LEVEL: 'warn',
          NODE_EXTRA_CA_CERTS: pushService.certFile,
        },
      });
      const answer = await Promise.race([waitForHealth(port), server.exited.then((code) => ({ exited: code }))]);
      expect(answer, server.output()).toEqual({ code: 200, data: { db: 'ok' } });

      const [seller, buyer] = [await login(people.seller), await login(people.buyer)];
      const browser = browserSubscription(`${pushService.origin}/push/seller-browser`);
      const saved = await call('POST', '/session/fcm/token', { fcm_token: JSON.stringify(browser.json) }, seller.token);
      expect(saved.body).toEqual({ code: 200, data: { saved: true } });

      const message = await call(
        'POST',
        '/messages',
        { listingRefnum, toRefnum: seller.userRefnum, text: 'Would you take $30?' },
        buyer.token,
      );
      expect(message.status, JSON.stringify(message.body)).toBe(200);
      const { conversationId } = message.body.data as { conversationId: string };

      // The server's job runner sends it within its poll (no clock to move: it is due now).
      const push = await pushService.next();
      expect(push.path).toBe('/push/seller-browser');
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(String(push.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
      expect(JSON.parse(browser.decrypt(push.body))).toEqual({
        title: 'New message',
        body: 'New message about “Teak chair”: Would you take $30?',
        url: conversationPath(conversationId),
      });
    },
    2 * SERVER_START_MS,
  );
});
