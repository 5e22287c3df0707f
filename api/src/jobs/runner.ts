import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { addMs, type Clock } from '../clock/clock';
import type { Db } from '../db/connect';
import { jobs as jobsTable } from '../db/schema/index';
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
  /** Poll for due jobs until stop(). */
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

  /** Takes the oldest due job no other worker holds (SKIP LOCKED: several processes share the table). */
  async function claim(now: Date) {
    const names = [...definitions.keys()];
    if (names.length === 0) return undefined;
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
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(jobsTable)
      .set({
        attempts: sql`${jobsTable.attempts} + 1`,
        lockedUntil: addMs(now, LEASE_MINUTES * 60_000),
        lockedBy: workerId,
      })
      .where(inArray(jobsTable.id, due))
      .returning();
    return job;
  }

  type Claimed = NonNullable<Awaited<ReturnType<typeof claim>>>;

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
      const job = await claim(clock.now());
      if (!job) return ran;
      ran += 1;
      const definition = definitionOf(job.name);
      try {
        await definition.run(job.payload as never, { db, now: clock.now(), attempt: job.attempts, log });
      } catch (error) {
        await fail(job, definition, error);
        continue;
      }
      await succeed(job, definition);
    }
    log.warn({ ran }, 'job pass stopped early: more jobs keep coming due');
    return ran;
  }

  const jobs: Jobs = {
    register(...added) {
      for (const definition of added) {
        if (definitions.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
        definitions.set(definition.name, definition);
      }
    },
    enqueue(into, job, payload, options = {}) {
      return insert(into, definitionOf(typeof job === 'string' ? job : job.name), payload, options);
    },
    async ensureSchedules() {
      for (const definition of definitions.values()) await scheduleNext(db, definition, clock.now());
    },
    runDue() {
      const run = tail.then(pass);
      tail = run.catch(() => {});
      return run;
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
