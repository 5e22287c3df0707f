import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { addMs, type Clock } from '../clock/clock';
import type { Db } from '../db/connect';
import { jobs as jobsTable } from '../db/schema/index';
import { afterCommit } from '../db/transaction-end';
import {
  backoffMinutes,
  DEFAULT_MAX_ATTEMPTS,
  type EnqueueOptions,
  type JobDefinition,
  type JobLog,
  PermanentJobError,
} from './job';

/** A worker holds a job this long; one that died mid-job lets it go when the time passes. */
export const LEASE_MINUTES = 10;
/** How often a started runner looks for due jobs. */
export const POLL_MS = 1_000;
/** The key of the one queued run of a recurring job. */
const SCHEDULE_KEY = '@schedule';
/** A pass stops after this many jobs (a job that keeps enqueueing itself due now must not spin forever). */
const MAX_JOBS_PER_PASS = 1_000;
/** Jobs claimed in one round trip: a queue of short jobs is not paid a round trip (or two) each. */
export const CLAIM_BATCH = 100;

export interface Jobs {
  /** Declare jobs this process runs (each capability registers its own). */
  register(...definitions: JobDefinition<never>[]): void;
  /**
   * Queue a job inside the caller's transaction (pass `tx`), so the change and the work it
   * schedules commit together. Answers false when a job with the same name and key is queued
   * (with `replace`, when that job is running right now).
   */
  enqueue<P>(db: Db, job: JobDefinition<P> | string, payload: P, options?: EnqueueOptions): Promise<boolean>;
  /** Queue the next run of every recurring job that has none (idempotent; also at start). */
  ensureSchedules(): Promise<void>;
  /** Run every job due by the clock, one at a time, and answer how many ran. Passes never overlap. */
  runDue(): Promise<number>;
  /**
   * Like runDue, then waits (up to `maxMs`) for the due jobs other processes hold to end: another
   * api process's runner, woken by the commit that queued a job, may have taken it. For the dev clock.
   */
  runDueEverywhere(maxMs?: number): Promise<void>;
  /** Poll for due jobs until stop(), and look at once when this process queues one (after its commit). */
  start(options?: { pollMs?: number }): void;
  /** Stop polling and wait for the job in progress (the pass it belongs to ends there). */
  stop(): Promise<void>;
}

export function createJobs(deps: { db: Db; clock: Clock; log: JobLog; workerId?: string }): Jobs {
  const { db, clock, log } = deps;
  const workerId = deps.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const definitions = new Map<string, JobDefinition<never>>();
  let tail: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let closing = false;

  function definitionOf(name: string): JobDefinition<never> {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`no job named ${name} is registered`);
    return definition;
  }

  async function insert(into: Db, definition: JobDefinition<never>, payload: unknown, options: EnqueueOptions) {
    const now = clock.now();
    const runAt = options.at ?? now;
    const values = {
      name: definition.name,
      payload: payload ?? null,
      key: options.key,
      runAt,
      maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    };
    const statement = into.insert(jobsTable).values(values);
    // Only the partial unique index on queued (name, key) can conflict.
    const rows = await (options.replace && options.key
      ? statement.onConflictDoUpdate({
          target: [jobsTable.name, jobsTable.key],
          targetWhere: sql`state = 'queued' and key is not null`,
          set: { payload: values.payload, runAt, attempts: 0, lastError: null },
          // A job a worker is running now is left alone: it re-checks its state anyway.
          setWhere: or(isNull(jobsTable.lockedUntil), lte(jobsTable.lockedUntil, now)),
        })
      : statement.onConflictDoNothing()
    ).returning({ id: jobsTable.id });
    return rows.length > 0;
  }

  function scheduleNext(into: Db, definition: JobDefinition<never>, now: Date) {
    if (!definition.schedule) return Promise.resolve(false);
    const at = addMs(now, definition.schedule.everyMinutes * 60_000);
    return insert(into, definition, {}, { key: SCHEDULE_KEY, at });
  }

  /**
   * Takes the oldest due jobs no other worker holds, up to `limit` (SKIP LOCKED: several processes
   * share the table), oldest first.
   */
  async function claim(now: Date, limit: number) {
    const names = [...definitions.keys()];
    if (names.length === 0) return [];
    const due = db
      .select({ id: jobsTable.id })
      .from(jobsTable)
      .where(
        and(
          eq(jobsTable.state, 'queued'),
          lte(jobsTable.runAt, now),
          or(isNull(jobsTable.lockedUntil), lte(jobsTable.lockedUntil, now)),
          inArray(jobsTable.name, names),
        ),
      )
      .orderBy(jobsTable.runAt, jobsTable.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(jobsTable)
      .set({
        attempts: sql`${jobsTable.attempts} + 1`,
        lockedUntil: addMs(now, LEASE_MINUTES * 60_000),
        lockedBy: workerId,
      })
      .where(inArray(jobsTable.id, due))
      .returning();
    // UPDATE … RETURNING keeps no order.
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  }

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  /** Still ours: the lease was not lost to another worker (a handler that overran its lease). */
  const ours = (job: Claimed) =>
    and(eq(jobsTable.id, job.id), eq(jobsTable.lockedBy, workerId), eq(jobsTable.attempts, job.attempts));

  async function succeed(job: Claimed, definition: JobDefinition<never>) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(jobsTable)
        .set({ state: 'done', doneAt: now, lockedUntil: null, lastError: null })
        .where(ours(job));
      await scheduleNext(tx, definition, now);
    });
  }

  /**
   * Marks the batch's finished jobs done in one statement. Still ours: this runner's passes never
   * overlap, so a job it holds has the attempts it was claimed with unless another worker took it
   * over after the lease ran out (then `locked_by` is that worker's).
   */
  async function finish(done: Claimed[]) {
    if (done.length === 0) return;
    await db
      .update(jobsTable)
      .set({ state: 'done', doneAt: clock.now(), lockedUntil: null, lastError: null })
      .where(
        and(
          eq(jobsTable.lockedBy, workerId),
          inArray(
            jobsTable.id,
            done.map((job) => job.id),
          ),
        ),
      );
  }

  /** Gives back claimed jobs not started (closing, or the batch has used half its lease): not a try. */
  async function release(unstarted: Claimed[]) {
    for (const job of unstarted) {
      await db
        .update(jobsTable)
        .set({ attempts: sql`${jobsTable.attempts} - 1`, lockedUntil: null, lockedBy: null })
        .where(ours(job));
    }
  }

  async function fail(job: Claimed, definition: JobDefinition<never>, error: unknown) {
    const now = clock.now();
    const message = error instanceof Error ? error.message : String(error);
    const dies = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    await db.transaction(async (tx) => {
      if (dies) {
        await tx
          .update(jobsTable)
          .set({ state: 'dead', doneAt: now, lockedUntil: null, lastError: message })
          .where(ours(job));
        await scheduleNext(tx, definition, now);
      } else {
        const retryAt = addMs(now, backoffMinutes(definition, job.attempts) * 60_000);
        await tx.update(jobsTable).set({ runAt: retryAt, lockedUntil: null, lastError: message }).where(ours(job));
      }
    });
    const details = { job: job.name, jobId: job.id, attempt: job.attempts, err: error };
    if (dies) log.error(details, 'job failed and is given up');
    else log.warn(details, 'job failed; it will be tried again');
  }

  async function pass(): Promise<number> {
    // A dev clock another api process moved makes jobs due here too.
    await clock.refresh?.();
    let ran = 0;
    while (ran < MAX_JOBS_PER_PASS) {
      // Closing waits for the job in progress, not for every job still due.
      if (closing) return ran;
      const claimedAt = clock.now();
      const batch = await claim(claimedAt, Math.min(CLAIM_BATCH, MAX_JOBS_PER_PASS - ran));
      if (batch.length === 0) return ran;
      const done: Claimed[] = [];
      try {
        for (const [index, job] of batch.entries()) {
          // A batch of slow jobs must not hold the last ones past their lease: they go back.
          const leaseHalfGone = clock.now().getTime() - claimedAt.getTime() > (LEASE_MINUTES * 60_000) / 2;
          if (closing || leaseHalfGone) {
            await release(batch.slice(index));
            break;
          }
          ran += 1;
          const definition = definitionOf(job.name);
          try {
            await definition.run(job.payload as never, { db, now: clock.now(), attempt: job.attempts, log });
          } catch (error) {
            await fail(job, definition, error);
            continue;
          }
          // A recurring job queues its next run with its end, in one transaction.
          if (definition.schedule) await succeed(job, definition);
          else done.push(job);
        }
      } finally {
        await finish(done);
      }
    }
    log.warn({ ran }, 'job pass stopped early: more jobs keep coming due');
    return ran;
  }

  /**
   * Due jobs another worker took in the last half minute (a lease that old is a runner at work
   * now, not one that died holding it: that one's job waits for its lease, as ever).
   */
  async function heldElsewhere(): Promise<number> {
    const now = clock.now();
    const takenSince = addMs(now, LEASE_MINUTES * 60_000 - 30_000);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobsTable)
      .where(
        and(
          eq(jobsTable.state, 'queued'),
          lte(jobsTable.runAt, now),
          gt(jobsTable.lockedUntil, takenSince),
          ne(jobsTable.lockedBy, workerId),
        ),
      );
    return row?.n ?? 0;
  }

  /** A pass queued behind the one running and not started yet: more wake-ups add nothing to it. */
  let passQueued = false;
  function queuePass(): Promise<number> {
    passQueued = true;
    const run = tail.then(() => {
      passQueued = false;
      return pass();
    });
    tail = run.catch(() => {});
    return run;
  }

  /** This process queued a job (and its transaction committed): a started runner looks at once. */
  function wake() {
    if (stopped || passQueued) return;
    queuePass().catch((error: unknown) => log.error({ err: error }, 'looking for due jobs failed'));
  }

  const jobs: Jobs = {
    register(...added) {
      for (const definition of added) {
        if (definitions.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
        definitions.set(definition.name, definition);
      }
    },
    async enqueue(into, job, payload, options = {}) {
      const queued = await insert(into, definitionOf(typeof job === 'string' ? job : job.name), payload, options);
      // Due now: run it once it is committed, not at the next poll. Outside a transaction it is.
      if (queued && (!options.at || options.at <= clock.now()) && !afterCommit(into, wake)) wake();
      return queued;
    },
    async ensureSchedules() {
      for (const definition of definitions.values()) await scheduleNext(db, definition, clock.now());
    },
    runDue() {
      return queuePass();
    },
    async runDueEverywhere(maxMs = 10_000) {
      await queuePass();
      const until = Date.now() + maxMs;
      while (Date.now() < until && (await heldElsewhere()) > 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await queuePass();
      }
    },
    start(options = {}) {
      if (!stopped) return;
      stopped = false;
      const every = options.pollMs ?? POLL_MS;
      const poll = () => {
        jobs
          .runDue()
          .catch((error: unknown) => log.error({ err: error }, 'looking for due jobs failed'))
          .finally(() => {
            if (!stopped) timer = setTimeout(poll, every);
          });
      };
      timer = setTimeout(poll, 0);
    },
    async stop() {
      stopped = true;
      closing = true;
      clearTimeout(timer);
      await tail;
      closing = false;
    },
  };
  return jobs;
}
