import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefnum } from '../src/db/refnum';
import { users } from '../src/db/schema/index';
import { runningBusEngines } from './bus-servers';
import { advanceClock, json, startTestApp, type TestApp } from './harness';

/*
 * With a bus (LIVE_BUS_URL, docs/decisions/0059) GET /svc/health shows the relay backlog: the
 * outbox rows not yet published (live events and session ends) and how long the oldest has
 * waited by the app's clock. The relay is stopped, things wait and show; started, they drain.
 */
interface Health {
  db: 'ok';
  liveBus?: { backlog: number; oldestAgeMs: number | null };
}

async function health(t: TestApp): Promise<Health> {
  const res = await t.app.inject({ method: 'GET', url: '/svc/health' });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: Health }>(res).data;
}

describe('without a bus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('health shows no relay backlog (there is no relay)', async () => {
    expect(await health(t)).toEqual({ db: 'ok' });
  });
});

for (const engine of await runningBusEngines()) {
  describe(`the relay backlog over ${engine.name}`, () => {
    let t: TestApp;
    let userId: number;

    beforeAll(async () => {
      t = await startTestApp({ env: { LIVE_BUS_URL: engine.url } });
      const [user] = await t.database.db
        .insert(users)
        .values({
          refnum: newRefnum('user'),
          email: `backlog-${engine.slot}@example.com`,
          nameFirst: 'Back',
          nameLast: 'Log',
        })
        .returning({ id: users.id });
      userId = user?.id ?? 0;
    });
    afterAll(() => t?.close());

    it('grows while the relay is stopped, with the age of the oldest row by the clock', async () => {
      expect((await health(t)).liveBus).toEqual({ backlog: 0, oldestAgeMs: null });
      await t.app.live.relay?.stop();
      await t.app.live.record(t.database.db, [
        { userId, type: 'read', payload: { n: 1 } },
        { userId, type: 'read', payload: { n: 2 } },
      ]);
      await t.database.db.transaction((tx) => t.app.live.endStreamsOf(tx, userId));
      const first = (await health(t)).liveBus;
      expect(first?.backlog).toBe(3);
      expect(first?.oldestAgeMs).toBeGreaterThanOrEqual(0);

      await advanceClock(t, 3);
      await t.app.live.record(t.database.db, [{ userId, type: 'read', payload: { n: 3 } }]);
      const later = (await health(t)).liveBus;
      expect(later?.backlog).toBe(4);
      // The oldest waited the three minutes the clock moved (and the moments the test took).
      expect(later?.oldestAgeMs).toBeGreaterThanOrEqual(3 * 60_000);
      expect(later?.oldestAgeMs).toBeLessThan(4 * 60_000);
    });

    it('drains to 0 once the relay runs again', async () => {
      t.app.live.relay?.start();
      let seen = (await health(t)).liveBus;
      // The relay publishes in the background: look again for up to 10 s.
      for (const deadline = Date.now() + 10_000; seen?.backlog !== 0 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = (await health(t)).liveBus;
      }
      expect(seen).toEqual({ backlog: 0, oldestAgeMs: null });
    });
  });
}
