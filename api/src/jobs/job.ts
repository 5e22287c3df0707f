import type { Db } from '../db/connect';

/** What a job's handler is given besides its payload. */
export interface JobContext {
  db: Db;
  /** The clock's time when the job started: handlers compare with it, never with Date.now(). */
  now: Date;
  /** 1 on the first try. */
  attempt: number;
  log: JobLog;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A kind of background work a capability declares. */
export interface JobDefinition<P = unknown> {
  /** Unique, `<capability>.<what>` (e.g. `mail.deliver`). */
  name: string;
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Recurring: one run queued at a time, the next `everyMinutes` after the last one ended. */
  schedule?: { everyMinutes: number };
  /** Tries before the job is given up (dead). Default 5. */
  maxAttempts?: number;
  /** Wait before try n+1: firstMinutes * 2^(n-1), at most maxMinutes. Default 1 and 60. */
  backoff?: { firstMinutes: number; maxMinutes: number };
}

export interface EnqueueOptions {
  /** Due from this time; default now (the clock's). */
  at?: Date;
  /** While a job of this name and key is queued, enqueueing another does nothing (a timer per entity). */
  key?: string;
  /** With `key`: move the queued job to this `at` and payload instead (a timer pushed back). */
  replace?: boolean;
}

/** Thrown by a handler when trying again cannot help (a mailbox that does not exist): the job dies now. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF = { firstMinutes: 1, maxMinutes: 60 };

/** Minutes to wait after the `attempts`-th failed try. */
export function backoffMinutes(definition: JobDefinition<never>, attempts: number): number {
  const { firstMinutes, maxMinutes } = definition.backoff ?? DEFAULT_BACKOFF;
  return Math.min(firstMinutes * 2 ** Math.max(0, attempts - 1), maxMinutes);
}

/** Declares a job; the identity function keeps the payload type for `enqueue`. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}
