import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { connect as connectNats } from 'nats';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { busNamespace } from '../src/modules/live/bus';
import { call, ok, publishMug, signUpAcross } from './api-process-calls';
import { type BusEngine, runningBusEngines } from './bus-servers';
import { openStream } from './message-helpers';
import {
  databaseFromTemplate,
  killStartedServers,
  SERVER_START_MS,
  startServer,
  waitForHealth,
} from './server-process-helpers';

/*
 * Issue 39, item 2: live updates between two api processes (the real server, bundled for the
 * run) over a real bus, NATS JetStream and Redis Streams on this machine's loopback (.ci/run
 * starts them). A runs the relay, B does not (LIVE_BUS_RELAY=0): what B's stream shows came
 * from A's relay through the bus. PostgreSQL only, as scale-out.test.ts: the embedded database
 * is one process.
 */
const POSTGRES = Boolean(process.env.DATABASE_URL);
/** What the bus holds for a database, in the order it took it (one entry each): live event ids, and session ends by person. */
async function onTheBus(engine: BusEngine, namespace: string): Promise<{ events: number[]; endsOf: number[] }> {
  const taken: { userId: number; mark: string }[] = [];
  if (engine.slot === 1) {
    const redis = new Redis(engine.url);
    try {
      for (const [, fields] of await redis.xrange(`yardly:live:{${namespace}}`, '-', '+')) {
        const field = (name: string) => fields[fields.indexOf(name) + 1] ?? '';
        taken.push({ userId: Number(field('u')), mark: fields.includes('x') ? `end:${field('x')}` : field('e') });
      }
    } finally {
      redis.disconnect();
    }
  } else {
    const nc = await connectNats({ servers: `127.0.0.1:${engine.port}` });
    try {
      const stream = `YARDLY_LIVE_${namespace}`;
      const jsm = await nc.jetstreamManager();
      const { state } = await jsm.streams.info(stream);
      for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq += 1) {
        const message = await jsm.streams.getMessage(stream, { seq });
        taken.push({
          userId: Number(message.subject.split('.').at(-1)),
          mark: new TextDecoder().decode(message.data),
        });
      }
    } finally {
      await nc.close();
    }
  }
  return {
    events: taken.filter((t) => !t.mark.startsWith('end:')).map((t) => Number(t.mark)),
    endsOf: taken.filter((t) => t.mark.startsWith('end:')).map((t) => t.userId),
  };
}

for (const engine of await runningBusEngines()) {
  describe.runIf(POSTGRES)(
    `two api processes with live updates over ${engine.name} (skipped without DATABASE_URL: the embedded database is one process)`,
    () => {
      const portOf = (i: number) => 4400 + (process.pid % 90) * 4 + engine.slot * 2 + i;
      const [A, B] = [0, 1].map((i) => `http://127.0.0.1:${portOf(i)}`) as [string, string];
      let database: Awaited<ReturnType<typeof databaseFromTemplate>>;
      let sql: pg.Client;
      let namespace: string;
      let env: Record<string, string>;
      let processA: ReturnType<typeof startServer>;
      let seller: { token: string; userRefnum: string };
      let buyer: { token: string; userRefnum: string };
      let listingRefnum: string;

      async function start(i: number, extra: Record<string, string> = {}) {
        const server = startServer({
          dataDir: mkdtempSync(join(tmpdir(), 'yardly-bus-')),
          port: portOf(i),
          env: { ...env, ...extra },
        });
        const answer = await Promise.race([waitForHealth(portOf(i)), server.exited.then((code) => ({ exited: code }))]);
        expect(answer, `a server did not start:\n${server.output()}`).toMatchObject({ code: 200, data: { db: 'ok' } });
        return server;
      }

      const send = (base: string, text: string) =>
        ok(call(base, 'POST', '/messages', { listingRefnum, toRefnum: seller.userRefnum, text }, buyer.token));
      /** What waits for the relay: live events and session ends. */
      const outbox = async () =>
        (
          await sql.query<{ n: number }>(
            'select (select count(*) from live_bus_outbox)::int + (select count(*) from live_bus_session_ends)::int as n',
          )
        ).rows[0]?.n;
      /** The rows left once the relay has had up to 10 s (it deletes a batch after the bus took it, and the streams may be quicker). */
      const outboxDrained = async () => {
        const deadline = Date.now() + 10_000;
        while ((await outbox()) !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        return outbox();
      };

      beforeAll(async () => {
        database = await databaseFromTemplate(mkdtempSync(join(tmpdir(), 'yardly-bus-db-')));
        namespace = busNamespace(database.url);
        sql = new pg.Client({ connectionString: database.url });
        await sql.connect();
        const vapid = webpush.generateVAPIDKeys();
        env = {
          NODE_ENV: 'test',
          DATABASE_URL: database.url,
          JWT_SECRET: 'live-bus-test-secret-shared-by-the-processes',
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          LOG_LEVEL: 'warn',
          LIVE_BUS_URL: engine.url,
        };
        processA = await start(0);
        await start(1, { LIVE_BUS_RELAY: '0' });
        seller = await signUpAcross(A, B, 'seller');
        buyer = await signUpAcross(A, B, 'buyer');
        listingRefnum = await publishMug(A, seller.token, sql);
      }, SERVER_START_MS);

      afterAll(async () => {
        killStartedServers();
        await sql?.end();
        await database?.drop();
      });

      it('delivers a message sent through A to a live stream held by B, through the bus', async () => {
        const stream = await openStream({ url: B }, { token: seller.token, ignore: ['notification'] });
        expect((await stream.next()).event).toBe('ready');
        const sentAt = performance.now();
        await send(A, 'Still there?');
        const arrived = await stream.next();
        const ms = performance.now() - sentAt;
        stream.close();
        expect(arrived.event).toBe('message');
        expect(arrived.data).toMatchObject({ listingRefnum, message: { text: 'Still there?', mine: false } });
        expect(ms).toBeLessThan(1000);
        // It went through the bus: the relay empties the outbox, and the bus holds the event.
        expect(await outboxDrained()).toBe(0);
        expect((await onTheBus(engine, namespace)).events).toContain(Number(arrived.id));
      });

      it('replays after a reconnection the events sent meanwhile, by their ids, then goes on live', async () => {
        const first = await openStream({ url: B }, { token: seller.token, ignore: ['notification'] });
        expect((await first.next()).event).toBe('ready');
        await send(A, 'One');
        const one = await first.next();
        first.close();
        expect(one.data).toMatchObject({ message: { text: 'One' } });

        await send(B, 'Two');
        await send(A, 'Three');
        const again = await openStream(
          { url: B },
          { token: seller.token, lastEventId: one.id, ignore: ['notification'] },
        );
        expect((await again.next()).event).toBe('ready');
        const replayed = [await again.next(), await again.next()];
        expect(replayed.map((e) => (e.data as { message: { text: string } }).message.text)).toEqual(['Two', 'Three']);
        await send(A, 'Four');
        const live = await again.next();
        again.close();
        expect(live.data).toMatchObject({ message: { text: 'Four' } });
        expect(Number(live.id)).toBeGreaterThan(Number(replayed[1]?.id));
      });

      it('closes on B the stream of a session ended through A: the end goes through the bus, as events do', async () => {
        const leaver = await signUpAcross(A, B, 'leaver');
        const { rows } = await sql.query<{ id: string }>('select id from users where refnum = $1', [leaver.userRefnum]);
        const userId = Number(rows[0]?.id);
        const stream = await openStream({ url: B }, { token: leaver.token });
        expect((await stream.next()).event).toBe('ready');
        // Log out through A. B listens to nothing but the bus (no LISTEN with a bus): the stream ends only if the end came that way.
        await ok(call(A, 'POST', '/users/logout', { refreshToken: leaver.refreshToken }));
        await stream.ended;
        expect(await outboxDrained()).toBe(0);
        expect((await onTheBus(engine, namespace)).endsOf.filter((id) => id === userId)).toEqual([userId]);
      });

      it(
        'resumes the relay after a kill -9 with nothing lost and nothing twice',
        async () => {
          const stream = await openStream({ url: B }, { token: seller.token, ignore: ['notification'] });
          expect((await stream.next()).event).toBe('ready');
          // The relay's process dies; B (no relay) takes three messages: they wait in the outbox.
          processA.child.kill('SIGKILL');
          await processA.exited;
          for (const text of ['Five', 'Six', 'Seven']) await send(B, text);
          // Each message is an event for the seller and one for the buyer's other tabs, and notifications.
          const waiting = await outbox();
          expect(waiting).toBeGreaterThanOrEqual(3);

          // A relay that dies (SIGKILL) after the bus took two of them, before it noted so.
          const dying = startServer({
            dataDir: mkdtempSync(join(tmpdir(), 'yardly-bus-')),
            port: portOf(0),
            env: { ...env, LIVE_BUS_TEST_DIE_AFTER: '2' },
          });
          await dying.exited;
          expect(dying.child.signalCode, dying.output()).toBe('SIGKILL');
          expect(await outbox()).toBe(waiting);

          // A relay that lives publishes all three again: the bus takes the third only.
          processA = await start(0);
          const arrived = [await stream.next(), await stream.next(), await stream.next()];
          expect(arrived.map((e) => (e.data as { message: { text: string } }).message.text)).toEqual([
            'Five',
            'Six',
            'Seven',
          ]);
          // (B's stream may have read all three at the dying relay's wake-ups: the outbox tells when the new one is done.)
          expect(await outboxDrained(), processA.output()).toBe(0);
          await send(A, 'Eight');
          const eight = await stream.next();
          stream.close();
          expect(eight.data).toMatchObject({ message: { text: 'Eight' } });

          const onBus = (await onTheBus(engine, namespace)).events;
          const ids = [...arrived, eight].map((e) => Number(e.id));
          expect(onBus.filter((id) => ids.includes(id)).sort((a, b) => a - b)).toEqual(ids);
          // And nothing else the bus ever took came twice.
          expect(new Set(onBus).size).toBe(onBus.length);
        },
        SERVER_START_MS,
      );
    },
  );
}
