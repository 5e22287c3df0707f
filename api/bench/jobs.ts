// `pnpm bench:jobs`: the job runner on a fresh database of each engine (issue 38, item 3).
// - throughput: one runner drains BENCH_JOBS (20,000) due no-op jobs; goal >= 5,000 a second on
//   PostgreSQL. p50/p95 are of one job's turn (the gap between two starts).
// - wake-up: with the runner started (its poll left at the default second), a job is enqueued in
//   a transaction every few milliseconds for BENCH_SECONDS; the time from the enqueue to the
//   handler's start. Goal: median <= 50 ms.
// Asserts nothing.  BENCH_ENGINES (postgres,pglite), BENCH_PG_URL, BENCH_JOBS, BENCH_SECONDS (5)
import { systemClock } from '../src/clock/clock';
import type { Db } from '../src/db/connect';
import { defineJob } from '../src/jobs/job';
import { createJobs } from '../src/jobs/runner';
import { type Engine, prepareDatabase } from './engines';
import { type Figures, percentiles, printHeader, printRow } from './measure';

const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as Engine[];
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const count = Number(process.env.BENCH_JOBS ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const quiet = { info() {}, warn() {}, error() {} };

for (const engine of engines) {
  console.log(`== ${engine}: jobs (goals: >= 5,000 no-op jobs a second; enqueue -> start median <= 50 ms)`);
  const prepared = await prepareDatabase(engine, 0, adminUrl);
  try {
    const database = await prepared.open();
    try {
      printHeader();
      printRow(await measureThroughput(database.db, count));
      printRow(await measureWakeUp(database.db, seconds));
      console.log('');
    } finally {
      await database.close();
    }
  } finally {
    await prepared.drop();
  }
}

/** One runner drains `queued` due no-op jobs: jobs per second through claim, run and done. */
async function measureThroughput(db: Db, queued: number): Promise<Figures> {
  const jobs = createJobs({ db, clock: systemClock, log: quiet });
  const starts: number[] = [];
  const noop = defineJob<{ n: number }>({
    name: 'bench.noop',
    run: async () => {
      starts.push(performance.now());
    },
  });
  jobs.register(noop);
  // Queued in batches of a thousand per transaction: the setup is not what is measured.
  for (let from = 0; from < queued; from += 1000) {
    await db.transaction(async (tx) => {
      for (let n = from; n < Math.min(queued, from + 1000); n++) await jobs.enqueue(tx, noop, { n });
    });
  }
  const started = performance.now();
  let ran = 0;
  for (let done = await jobs.runDue(); done > 0; done = await jobs.runDue()) ran += done;
  const elapsed = (performance.now() - started) / 1000;
  const turns = starts.slice(1).map((at, i) => at - (starts[i] as number));
  return {
    name: `jobs run (no-op, one runner, ${queued} queued)`,
    rps: ran / elapsed,
    ...percentiles(turns),
    errors: queued - ran,
  };
}

/** A started runner: from the start of the transaction that queues a job to the job's start. */
async function measureWakeUp(db: Db, forSeconds: number): Promise<Figures> {
  const jobs = createJobs({ db, clock: systemClock, log: quiet });
  const enqueuedAt = new Map<number, number>();
  const delays: number[] = [];
  const ping = defineJob<{ n: number }>({
    name: 'bench.ping',
    run: async ({ n }) => {
      const at = enqueuedAt.get(n);
      if (at !== undefined) delays.push(performance.now() - at);
    },
  });
  jobs.register(ping);
  jobs.start();
  let sent = 0;
  const until = performance.now() + forSeconds * 1000;
  try {
    while (performance.now() < until) {
      const n = sent++;
      enqueuedAt.set(n, performance.now());
      await db.transaction((tx) => jobs.enqueue(tx, ping, { n }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // The last ones are given a poll's time to start.
    const settle = performance.now() + 2_000;
    while (delays.length < sent && performance.now() < settle) await new Promise((r) => setTimeout(r, 10));
  } finally {
    await jobs.stop();
  }
  return {
    name: 'job enqueue -> start, runner started',
    rps: delays.length / forSeconds,
    ...percentiles(delays),
    errors: sent - delays.length,
  };
}
