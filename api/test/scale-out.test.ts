import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTH_LIMITS } from '@yardly/shared/rules';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { call, ok, publishMug, signUpAcross } from './api-process-calls';
import { freshEmail } from './identity-helpers';
import { openStream } from './message-helpers';
import { type S3StandIn, startS3StandIn } from './s3-stand-in';
import { image, multipart } from './selling-helpers';
import {
  databaseFromTemplate,
  killStartedServers,
  SERVER_START_MS,
  startServer,
  waitForHealth,
} from './server-process-helpers';

/*
 * Issue 24's proof: two api processes (the real server, bundled for the run) on one PostgreSQL
 * database and one S3 stand-in, each with a DATA_DIR of its own, so nothing they share can go
 * through the disk or one process's memory. What a client does through one, the other sees.
 * PostgreSQL only: the embedded database is one process by design.
 */
const POSTGRES = Boolean(process.env.DATABASE_URL);

describe.runIf(POSTGRES)(
  'two api processes on one PostgreSQL and one object store (skipped without DATABASE_URL: the embedded database is one process)',
  () => {
    const ports = [4800 + (process.pid % 300) * 2, 4801 + (process.pid % 300) * 2] as const;
    const [A, B] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    let database: Awaited<ReturnType<typeof databaseFromTemplate>>;
    let s3: S3StandIn;
    let sql: pg.Client;
    const people: Record<'seller' | 'buyer' | 'other', { token: string; userRefnum: string }> = {} as never;
    let listingRefnum: string;

    const person = (prefix: string) => signUpAcross(A, B, prefix);

    beforeAll(async () => {
      s3 = await startS3StandIn();
      database = await databaseFromTemplate(mkdtempSync(join(tmpdir(), 'yardly-scale-db-')));
      sql = new pg.Client({ connectionString: database.url });
      await sql.connect();
      const vapid = webpush.generateVAPIDKeys();
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        S3_URL: s3.url,
        // Every process signs with one secret, as the deploy guide says.
        JWT_SECRET: 'scale-out-test-secret-shared-by-the-processes',
        // And one Web Push key pair (issue 34: an instance with another refuses to start).
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        LOG_LEVEL: 'warn',
      };
      const servers = ports.map((port) =>
        startServer({ dataDir: mkdtempSync(join(tmpdir(), 'yardly-scale-')), port, env }),
      );
      for (const [i, port] of ports.entries()) {
        const server = servers[i];
        const answer = await Promise.race([waitForHealth(port), server?.exited.then((code) => ({ exited: code }))]);
        expect(answer, `a server did not start:\n${server?.output()}`).toEqual({ code: 200, data: { db: 'ok' } });
      }
      people.seller = await person('seller');
      people.buyer = await person('buyer');
      people.other = await person('other');
      listingRefnum = await publish(A, people.seller.token);
    }, SERVER_START_MS);

    afterAll(async () => {
      killStartedServers();
      await sql?.end();
      await database?.drop();
      await s3?.close();
    });

    const publish = (base: string, token: string) => publishMug(base, token, sql);

    it('serves through B a photo uploaded through A, in full and in a size, with the same headers', async () => {
      const { token } = people.seller;
      const draft = await ok(
        call<{ inputSourceRandomRefnum: string }>(A, 'GET', '/listings/inputSourceRandomRefnum', undefined, token),
      );
      const form = await multipart(await image(900, 600));
      const upload = await fetch(
        `${A}/svc/listings/picture?inputSourceRandomRefnum=${draft.inputSourceRandomRefnum}&picno=1`,
        { method: 'POST', headers: { authorization: `Bearer ${token}`, ...form.headers }, body: form.payload },
      );
      expect(upload.status).toBe(200);
      const { url } = ((await upload.json()) as { data: { url: string } }).data;
      const key = url.replace('/svc/files/', '');
      expect(await s3.keys(key)).toEqual([key]);

      const full = await fetch(`${B}${url}`);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/jpeg');
      expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(900);

      const thumbnail = await fetch(`${B}${url}?w=160&h=160`);
      expect(thumbnail.status).toBe(200);
      const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([160, 160]);
      // The size B made is in the bucket: A serves it as it is.
      expect(await s3.keys(key.replace(/\.jpg$/, ''))).toContain(key.replace(/\.jpg$/, '_160x160.jpg'));
      expect((await fetch(`${A}${url}?w=160&h=160`)).status).toBe(200);
    });

    it('delivers within a second a message sent through A to a live stream held by B', async () => {
      const stream = await openStream({ url: B }, { token: people.seller.token, ignore: ['notification'] });
      expect(stream.response.status).toBe(200);
      expect((await stream.next()).event).toBe('ready');

      const sentAt = performance.now();
      await ok(
        call(
          A,
          'POST',
          '/messages',
          { listingRefnum, toRefnum: people.seller.userRefnum, text: 'Still there?' },
          people.buyer.token,
        ),
      );
      const arrived = await stream.next();
      const ms = performance.now() - sentAt;
      stream.close();
      expect(arrived.event).toBe('message');
      expect(arrived.data).toMatchObject({ listingRefnum, message: { text: 'Still there?', mine: false } });
      expect(ms).toBeLessThan(1000);
    });

    it('counts a per-address limit over requests made to both', async () => {
      const { max } = AUTH_LIMITS.userLookupsPerAddress;
      const lookUp = (i: number) =>
        call(i % 2 === 0 ? A : B, 'POST', '/users/isUserExist', { email: freshEmail('lookup') });
      for (let i = 0; i < max; i += 1) expect((await lookUp(i)).status, `look-up ${i + 1}`).toBe(200);
      // Either process alone has seen only half of them; together they are at the limit.
      for (const i of [max, max + 1]) {
        const refused = await lookUp(i);
        expect(refused.status).toBe(429);
        expect(refused.body.msg).toMatch(/Try again in \d+ minutes?/);
      }
    });

    it('moves the dev clock for both when it is moved through one', async () => {
      const now = async (base: string) => Date.parse((await ok(call<{ now: string }>(base, 'GET', '/dev/clock'))).now);
      const before = await now(B);
      const moved = Date.parse((await ok(call<{ now: string }>(A, 'POST', '/dev/clock', { advanceMinutes: 90 }))).now);
      expect(moved - before).toBeGreaterThanOrEqual(90 * 60_000);
      expect(await now(B)).toBeGreaterThanOrEqual(moved);

      const back = Date.parse((await ok(call<{ now: string }>(B, 'POST', '/dev/clock', { advanceMinutes: 30 }))).now);
      expect(back - moved).toBeGreaterThanOrEqual(30 * 60_000);
      expect(await now(A)).toBeGreaterThanOrEqual(back);
    });

    it('runs a timer job once, not once per process, when both look for due jobs at once', async () => {
      // Fresh tokens: the clock moved past the first ones. Offers of two buyers on two listings: four timers.
      const seller = await person('seller2');
      const buyers = [await person('buyer2'), await person('other2')];
      const listings = [await publish(A, seller.token), await publish(B, seller.token)];
      const offers: string[] = [];
      for (const [i, buyer] of buyers.entries()) {
        for (const listing of listings) {
          const base = i === 0 ? A : B;
          const made = await ok(
            call<{ offerRefnum: string }>(
              base,
              'POST',
              '/offer/create/v2',
              { listingRefnum: listing, offerPrice: 2000 },
              buyer.token,
            ),
          );
          offers.push(made.offerRefnum);
        }
      }

      // A moves the clock past the 24 hours and runs what came due; B, asked at the same moment, does too.
      const [moved, alsoRan] = await Promise.all([
        call(A, 'POST', '/dev/clock', { advanceMinutes: 24 * 60 + 1 }),
        call(B, 'POST', '/dev/clock', { advanceMinutes: 0 }),
      ]);
      expect([moved.status, alsoRan.status]).toEqual([200, 200]);
      await ok(call(B, 'POST', '/dev/clock', { advanceMinutes: 0 })); // whatever B's first pass came too early for

      const { rows: expired } = await sql.query<{ refnum: string; state: string; expiries: number }>(
        `select o.refnum, o.state,
              (select count(*)::int from transitions t where t.process = 'offer' and t.subject_id = o.id and t.event = 'expire') as expiries
         from offers o where o.refnum = any($1) order by o.refnum`,
        [offers],
      );
      expect(expired.map((o) => [o.state, o.expiries])).toEqual(offers.map(() => ['expired', 1]));
      const { rows: runs } = await sql.query<{ state: string; attempts: number }>(
        `select j.state, j.attempts from jobs j join offers o on j.key = 'expire:' || o.id
        where j.name = 'timer:offer' and o.refnum = any($1)`,
        [offers],
      );
      expect(runs).toEqual(offers.map(() => ({ state: 'done', attempts: 1 })));
    });
  },
);

describe('pnpm start with API_PROCESSES', () => {
  it('refuses several processes on the embedded database, saying why', async () => {
    const server = startServer({
      dataDir: mkdtempSync(join(tmpdir(), 'yardly-processes-')),
      port: 4790 + (process.pid % 10),
      env: { NODE_ENV: 'test', API_PROCESSES: '2' },
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'Invalid configuration: API_PROCESSES: must be 1 with the embedded database (one process per DATA_DIR); set DATABASE_URL to run several api processes on PostgreSQL',
    );
  });

  it.runIf(POSTGRES)(
    'serves one port with two processes, replaces one that dies, and stops them all on SIGTERM (PostgreSQL only)',
    async () => {
      const database = await databaseFromTemplate(mkdtempSync(join(tmpdir(), 'yardly-processes-db-')));
      const port = 4700 + (process.pid % 90);
      const server = startServer({
        dataDir: mkdtempSync(join(tmpdir(), 'yardly-processes-')),
        port,
        env: { NODE_ENV: 'test', DATABASE_URL: database.url, API_PROCESSES: '2', LOG_LEVEL: 'info' },
      });
      try {
        const readyPids = () => [...server.output().matchAll(/api process (\d+), one of 2/g)].map((m) => Number(m[1]));
        const until = async (done: () => boolean) => {
          while (!done()) {
            if (server.child.exitCode !== null) throw new Error(`the server stopped:\n${server.output()}`);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        };
        await until(() => server.output().includes(`Yardly serves port ${port} with 2 api processes.`));
        const [first, second] = readyPids();
        expect(new Set([first, second, server.child.pid]).size).toBe(3);
        expect(await waitForHealth(port)).toEqual({ code: 200, data: { db: 'ok' } });

        process.kill(first ?? 0, 'SIGKILL');
        await until(() => readyPids().length === 3);
        expect(server.output()).toContain('An api process stopped (SIGKILL); starting another.');
        expect(await waitForHealth(port)).toEqual({ code: 200, data: { db: 'ok' } });

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        const alive = readyPids().filter((pid) => {
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        });
        expect(alive).toEqual([]);
      } finally {
        server.child.kill('SIGKILL');
        await database.drop();
      }
    },
    SERVER_START_MS,
  );
});
