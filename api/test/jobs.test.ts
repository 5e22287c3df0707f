import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMs, devClock } from '../src/clock/clock';
import { jobs as jobsTable } from '../src/db/schema/index';
import { defineJob, PermanentJobError } from '../src/jobs/job';
import { CLAIM_BATCH, createJobs, LEASE_MINUTES } from '../src/jobs/runner';
import { advanceClock, json, runDueJobs, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const quiet = { info() {}, warn() {}, error() {} };
let names = 0;
/** A job of its own for each test (names are unique per app), recording what it was given. */
function recordingJob(options: { failTimes?: number; permanent?: boolean; maxAttempts?: number } = {}) {
  const runs: { payload: { n: number }; attempt: number; at: Date }[] = [];
  names += 1;
  const job = defineJob<{ n: number }>({
    name: `test.recording-${names}`,
    maxAttempts: options.maxAttempts,
    async run(payload, ctx) {
      runs.push({ payload, attempt: ctx.attempt, at: ctx.now });
      if (runs.length <= (options.failTimes ?? 0)) {
        throw options.permanent ? new PermanentJobError('no such thing') : new Error(`try ${runs.length} failed`);
      }
    },
  });
  t.app.jobs.register(job);
  return { job, runs };
}

const rowsOf = (name: string) => t.database.db.select().from(jobsTable).where(eq(jobsTable.name, name));

describe('durable jobs', () => {
  it('runs a job queued in a committed transaction, never one whose transaction rolled back', async () => {
    const { job, runs } = recordingJob();
    await t.database.db.transaction(async (tx) => {
      await t.app.jobs.enqueue(tx, job, { n: 1 });
    });
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.jobs.enqueue(tx, job, { n: 2 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    await runDueJobs(t);
    expect(runs.map((r) => r.payload)).toEqual([{ n: 1 }]);
    const rows = await rowsOf(job.name);
    expect(rows.map((r) => [r.state, r.attempts])).toEqual([['done', 1]]);
  });

  it('tries a failed job again after a backoff that doubles, and not before', async () => {
    const { job, runs } = recordingJob({ failTimes: 2 });
    await t.app.jobs.enqueue(t.database.db, job, { n: 7 });

    await runDueJobs(t);
    expect(runs.map((r) => r.attempt)).toEqual([1]);
    const [afterFirst] = await rowsOf(job.name);
    expect(afterFirst).toMatchObject({ state: 'queued', attempts: 1, lastError: 'try 1 failed' });

    await advanceClock(t, 0.5);
    expect(runs).toHaveLength(1); // the first backoff is 1 minute
    await advanceClock(t, 0.5);
    expect(runs.map((r) => r.attempt)).toEqual([1, 2]);

    await advanceClock(t, 1.5);
    expect(runs).toHaveLength(2); // the second is 2 minutes
    await advanceClock(t, 0.5);
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
    const [done] = await rowsOf(job.name);
    expect(done).toMatchObject({ state: 'done', attempts: 3, lastError: null });
    expect(done?.doneAt).toBeInstanceOf(Date);
  });

  it('gives a job up after its attempts, and at once when it fails for good', async () => {
    const tired = recordingJob({ failTimes: 99, maxAttempts: 2 });
    const refused = recordingJob({ failTimes: 99, permanent: true });
    await t.app.jobs.enqueue(t.database.db, tired.job, { n: 1 });
    await t.app.jobs.enqueue(t.database.db, refused.job, { n: 1 });

    await advanceClock(t, 0);
    await advanceClock(t, 60);
    await advanceClock(t, 60);
    expect(tired.runs).toHaveLength(2);
    expect(refused.runs).toHaveLength(1);
    expect((await rowsOf(tired.job.name)).map((r) => [r.state, r.attempts, r.lastError])).toEqual([
      ['dead', 2, 'try 2 failed'],
    ]);
    expect((await rowsOf(refused.job.name)).map((r) => [r.state, r.lastError])).toEqual([['dead', 'no such thing']]);
  });

  it('runs a job queued for later when the clock passes its time, and not before', async () => {
    const { job, runs } = recordingJob();
    const now = await advanceClock(t, 0);
    await t.app.jobs.enqueue(t.database.db, job, { n: 3 }, { at: new Date(now.getTime() + 30 * 60_000) });

    await advanceClock(t, 29);
    expect(runs).toEqual([]);
    await advanceClock(t, 1);
    expect(runs.map((r) => r.payload)).toEqual([{ n: 3 }]);
    expect(runs[0]?.at.getTime()).toBeGreaterThanOrEqual(now.getTime() + 30 * 60_000);
  });

  it('keeps one queued job per key (a timer per thing), and takes the key again once it ran', async () => {
    const { job, runs } = recordingJob();
    const at = new Date((await advanceClock(t, 0)).getTime() + 10 * 60_000);
    expect(await t.app.jobs.enqueue(t.database.db, job, { n: 1 }, { key: 'listing:42', at })).toBe(true);
    expect(await t.app.jobs.enqueue(t.database.db, job, { n: 2 }, { key: 'listing:42', at })).toBe(false);
    expect(await t.app.jobs.enqueue(t.database.db, job, { n: 3 }, { key: 'listing:43', at })).toBe(true);

    await advanceClock(t, 10);
    expect(runs.map((r) => r.payload.n).sort()).toEqual([1, 3]);
    expect(await t.app.jobs.enqueue(t.database.db, job, { n: 4 }, { key: 'listing:42' })).toBe(true);
    await runDueJobs(t);
    expect(runs.map((r) => r.payload.n).sort()).toEqual([1, 3, 4]);
  });

  it('moves a queued timer when asked to replace it', async () => {
    const { job, runs } = recordingJob();
    const now = await advanceClock(t, 0);
    const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    await t.app.jobs.enqueue(t.database.db, job, { n: 1 }, { key: 'offer:7', at: inMinutes(10) });
    expect(
      await t.app.jobs.enqueue(t.database.db, job, { n: 2 }, { key: 'offer:7', at: inMinutes(30), replace: true }),
    ).toBe(true);

    await advanceClock(t, 10);
    expect(runs).toEqual([]);
    await advanceClock(t, 20);
    expect(runs.map((r) => r.payload)).toEqual([{ n: 2 }]);
    expect(await rowsOf(job.name)).toHaveLength(1);
  });

  it('runs a recurring job each time the clock passes its period, with one run queued at a time', async () => {
    names += 1;
    const runs: Date[] = [];
    const hourly = defineJob<Record<string, never>>({
      name: `test.hourly-${names}`,
      schedule: { everyMinutes: 60 },
      async run(_payload, ctx) {
        runs.push(ctx.now);
      },
    });
    t.app.jobs.register(hourly);
    await t.app.jobs.ensureSchedules();
    await t.app.jobs.ensureSchedules(); // at every start: never a second queued run

    await advanceClock(t, 59);
    expect(runs).toHaveLength(0);
    await advanceClock(t, 1);
    expect(runs).toHaveLength(1);
    await advanceClock(t, 59);
    expect(runs).toHaveLength(1);
    await advanceClock(t, 1);
    expect(runs).toHaveLength(2);
    const rows = await rowsOf(hourly.name);
    expect(rows.filter((r) => r.state === 'queued')).toHaveLength(1);
    expect(rows.filter((r) => r.state === 'done')).toHaveLength(2);
  });

  it('runs again a job whose worker died holding it, once the lease is over', async () => {
    const { job, runs } = recordingJob();
    const now = t.app.clock.now();
    await t.app.jobs.enqueue(t.database.db, job, { n: 5 });
    // What a worker killed mid-job leaves behind: the job taken, never finished.
    await t.database.db
      .update(jobsTable)
      .set({ attempts: 1, lockedBy: 'killed-worker', lockedUntil: new Date(now.getTime() + LEASE_MINUTES * 60_000) })
      .where(eq(jobsTable.name, job.name));

    await advanceClock(t, LEASE_MINUTES - 1);
    expect(runs).toEqual([]);
    await advanceClock(t, 1);
    expect(runs.map((r) => r.attempt)).toEqual([2]);
  });
});

describe('a started runner (issue 38: jobs at thousands a second)', () => {
  it('runs a job as soon as the transaction that queued it commits, not at its next poll', async () => {
    names += 1;
    const name = `test.woken-${names}`;
    const ran: number[] = [];
    let started: (n: number) => void = () => {};
    const job = defineJob<{ n: number }>({
      name,
      async run({ n }) {
        ran.push(n);
        started(n);
      },
    });
    const runner = createJobs({ db: t.database.db, clock: t.app.clock, log: quiet, workerId: 'woken' });
    runner.register(job);
    // An hour between polls: only the wake-up on enqueue can start the job within the test.
    runner.start({ pollMs: 3_600_000 });
    try {
      await runner.runDue(); // the first poll, at once: nothing due yet
      await expect(
        t.database.db.transaction(async (tx) => {
          await runner.enqueue(tx, job, { n: 1 });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      const second = new Promise<number>((resolve) => {
        started = resolve;
      });
      await t.database.db.transaction((tx) => runner.enqueue(tx, job, { n: 2 }));
      expect(await second).toBe(2);
      await runner.runDue();
      expect(ran).toEqual([2]);
      expect((await rowsOf(name)).map((r) => r.state)).toEqual(['done']);
    } finally {
      await runner.stop();
    }
  });

  it('runs a queue longer than a claim in order, each once, every job under a lease that still holds', async () => {
    names += 1;
    const name = `test.batch-${names}`;
    const ran: { n: number; leaseHeld: boolean }[] = [];
    const clock = devClock();
    const job = defineJob<{ n: number }>({
      name,
      async run({ n }, { db, now }) {
        const [row] = await db
          .select({ lockedUntil: jobsTable.lockedUntil })
          .from(jobsTable)
          .where(and(eq(jobsTable.name, name), sql`${jobsTable.payload}->>'n' = ${String(n)}`));
        ran.push({ n, leaseHeld: (row?.lockedUntil?.getTime() ?? 0) > now.getTime() });
        // The fifth job of the second claim overruns the lease: the rest of its claim, taken
        // with it, must not start on a lease that ran out (another worker may hold them by then).
        if (n === CLAIM_BATCH + 4) clock.advance(LEASE_MINUTES + 1);
      },
    });
    const runner = createJobs({ db: t.database.db, clock, log: quiet, workerId: 'batches' });
    runner.register(job);
    const total = 2 * CLAIM_BATCH + 10;
    await t.database.db.transaction(async (tx) => {
      for (let n = 0; n < total; n += 1) await runner.enqueue(tx, job, { n }, { at: clock.now() });
    });
    while ((await runner.runDue()) > 0);
    expect(ran.map((r) => r.n)).toEqual([...Array(total).keys()]);
    expect(ran.filter((r) => !r.leaseHeld)).toEqual([]);
    // Handed back untried: each job counts one try.
    expect((await rowsOf(name)).every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
  });
});

describe('several workers on one database', () => {
  let other: TestApp | undefined;
  afterAll(() => other?.close());

  it('never run one job twice, nor at the same time', async () => {
    names += 1;
    const name = `test.shared-${names}`;
    const ran: { n: number; worker: string }[] = [];
    const running = new Set<number>();
    let overlaps = 0;
    const sharedJob = (worker: string) =>
      defineJob<{ n: number }>({
        name,
        async run({ n }, { db }) {
          if (running.has(n)) overlaps += 1;
          running.add(n);
          await db.execute(sql`select 1`); // a round trip, so the workers interleave
          running.delete(n);
          ran.push({ n, worker });
        },
      });
    // Two workers whose clocks agree (as processes' clocks do in production): on PostgreSQL each
    // on the connections of its own api, on the embedded database both on its one connection.
    const clock = devClock();
    if (t.databaseUrl) other = await startTestApp({ sameDatabaseAs: t });
    const secondDb = other?.database.db ?? t.database.db;
    const first = createJobs({ db: t.database.db, clock, log: quiet, workerId: 'first' });
    const second = createJobs({ db: secondDb, clock, log: quiet, workerId: 'second' });
    first.register(sharedJob('first'));
    second.register(sharedJob('second'));
    // More than two claims' worth: each worker takes batches, and both get some.
    const total = 2 * CLAIM_BATCH + 40;
    await t.database.db.transaction(async (tx) => {
      for (let n = 0; n < total; n += 1) await first.enqueue(tx, name, { n });
    });

    const [byFirst, bySecond] = await Promise.all([first.runDue(), second.runDue()]);

    expect(ran.map((r) => r.n).sort((a, b) => a - b)).toEqual([...Array(total).keys()]);
    expect(byFirst + bySecond).toBe(total);
    expect(overlaps).toBe(0);
    if (t.databaseUrl) {
      // Two processes' worth of connections: both took a share.
      expect(byFirst).toBeGreaterThan(0);
      expect(bySecond).toBeGreaterThan(0);
    }
    expect((await rowsOf(name)).every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
  });
});

describe('the dev clock calls', () => {
  it('GET /svc/dev/clock answers now; POST moves it forward and answers once the due jobs ran', async () => {
    const read = async () =>
      new Date(json<{ data: { now: string } }>(await t.app.inject({ method: 'GET', url: '/svc/dev/clock' })).data.now);
    const before = await read();
    expect(Math.abs(before.getTime() - t.app.clock.now().getTime())).toBeLessThan(5_000);

    const { job, runs } = recordingJob();
    await t.app.jobs.enqueue(t.database.db, job, { n: 9 }, { at: new Date(before.getTime() + 90 * 60_000) });
    const res = await t.app.inject({ method: 'POST', url: '/svc/dev/clock', payload: { advanceMinutes: 90 } });
    expect(res.statusCode).toBe(200);
    const moved = new Date(json<{ code: number; data: { now: string } }>(res).data.now);
    expect(moved.getTime() - before.getTime()).toBeGreaterThanOrEqual(90 * 60_000);
    expect(runs).toHaveLength(1);
    expect((await read()).getTime()).toBeGreaterThanOrEqual(moved.getTime());
  });

  it('refuses to move the clock back, in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/svc/dev/clock', payload: { advanceMinutes: -5 } });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 400, errors: [{ field: 'advanceMinutes' }] });
  });

  it('does not exist in production', async () => {
    const production = await startTestApp({
      env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent', MAIL_LOG: '1' },
    });
    try {
      const get = await production.app.inject({ method: 'GET', url: '/svc/dev/clock' });
      const post = await production.app.inject({
        method: 'POST',
        url: '/svc/dev/clock',
        payload: { advanceMinutes: 5 },
      });
      expect([get.statusCode, post.statusCode]).toEqual([404, 404]);
      expect(json(get)).toMatchObject({ code: 404 });
    } finally {
      await production.close();
    }
  });
});

describe('finished jobs', () => {
  it('are deleted once done more than 7 days ago on the clock; dead and queued ones stay', async () => {
    const done = recordingJob();
    const dead = recordingJob({ failTimes: 1, permanent: true });
    const later = recordingJob();
    await t.app.jobs.enqueue(t.database.db, done.job, { n: 1 });
    await t.app.jobs.enqueue(t.database.db, dead.job, { n: 2 });
    await runDueJobs(t);
    expect((await rowsOf(done.job.name)).map((r) => r.state)).toEqual(['done']);
    expect((await rowsOf(dead.job.name)).map((r) => r.state)).toEqual(['dead']);

    await advanceClock(t, 6 * 24 * 60);
    expect(await rowsOf(done.job.name)).toHaveLength(1);
    await t.app.jobs.enqueue(t.database.db, later.job, { n: 3 });
    await t.app.jobs.enqueue(t.database.db, later.job, { n: 4 }, { at: addMs(t.app.clock.now(), 30 * 86_400_000) });
    await runDueJobs(t);

    await advanceClock(t, 2 * 24 * 60);
    expect(await rowsOf(done.job.name)).toEqual([]);
    expect((await rowsOf(dead.job.name)).map((r) => r.state)).toEqual(['dead']);
    expect((await rowsOf(later.job.name)).map((r) => r.state).sort()).toEqual(['done', 'queued']);
  });
});
