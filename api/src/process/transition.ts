import {
  can,
  canStart,
  isTurnRefusal,
  PROCESS_REFUSALS,
  type Process,
  type ProcessRole,
  type ProcessTimer,
  timersStartedBy,
  type Verdict,
} from '@yardly/shared/rules';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect';
import { transitions } from '../db/schema/index';
import { AppError } from '../errors';
import { queueTimers } from './timers';

/** Who takes an event: a person in a role, or the platform (`userId` null, role `system`). */
export interface Actor {
  userId: number | null;
  role: ProcessRole;
}

export const SYSTEM: Actor = { userId: null, role: 'system' };

/** What one transition did, handed to its effects and back to the caller. */
export interface Transition<S extends string, E extends string> {
  subjectId: number;
  event: E;
  /** Null when the event created the subject. */
  from: S | null;
  to: S;
  at: Date;
  /** Who took the event (the platform for a timer's). */
  by: Actor;
  /** The timers the event started (e.g. a listing's expiry), already queued as the process's timer job. */
  timers: ProcessTimer<E>[];
}

/** Work that follows a transition in the same database transaction (jobs, mail, notifications). */
export type Effect<S extends string, E extends string> = (tx: Db, done: Transition<S, E>) => Promise<void> | void;

type StateTable = PgTable & { id: PgColumn };

/** A subject as its table holds it, its state under `state` whatever its column is called. */
export type SubjectRow<S extends string, T extends StateTable> = T['$inferSelect'] & { id: number; state: S };

/**
 * How the platform takes a timer's event on a subject (the process's generic timer job, timer-job.ts):
 * what its guards read and what the event writes beside the state.
 */
export interface TimerTaking<S extends string, E extends string, F, T extends StateTable> {
  /** What the guards read when the platform acts. */
  facts(tx: Db, subject: SubjectRow<S, T>, now: Date): F | Promise<F>;
  /** Other columns the event writes with the state (`updatedAt`, a stamp). */
  set?(subject: SubjectRow<S, T>, event: E, started: ProcessTimer<E>[], now: Date): PgUpdateSetSource<T>;
  /**
   * The subject, locked, or undefined when it is gone; by default `SELECT … FOR UPDATE` by id. A
   * process whose callers lock another row first (an offer: its listing) locks in the same order.
   */
  load?(tx: Db, id: number): Promise<SubjectRow<S, T> | undefined>;
}

/** A process bound to the table whose `state` column holds it, with the effects every transition runs. */
export interface BoundProcess<S extends string, E extends string, G extends string, F, T extends StateTable> {
  process: Process<S, E, G, F>;
  table: T;
  /** The column that holds the state (`state`, or one its table names otherwise: an organisation's `status`). */
  state: PgColumn;
  /** Its key in the table's columns, for the writes. */
  stateKey: string;
  effects: Effect<S, E>[];
  /** The words a person reads when `event` is refused for `reason`. */
  message(event: E, reason: string): string;
  /** How its timers' events are taken; a process that declares timers cannot start without it. */
  timers?: TimerTaking<S, E, F, T>;
}

export function bindProcess<S extends string, E extends string, G extends string, F, T extends StateTable>(
  process: Process<S, E, G, F>,
  table: T,
  options: {
    effects?: Effect<S, E>[];
    message?: (event: E, reason: string) => string;
    timers?: TimerTaking<S, E, F, T>;
    /** The column that holds the state when it is not `state`. */
    state?: PgColumn;
  } = {},
): BoundProcess<S, E, G, F, T> {
  const column = options.state ?? (table as PgTable & { state?: PgColumn }).state;
  const stateKey = Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0];
  if (!column || !stateKey) throw new Error(`The ${process.name} process has no state column in its table`);
  return {
    process,
    table,
    state: column,
    stateKey,
    effects: options.effects ?? [],
    message: options.message ?? ((event, reason) => `${process.name}: ${event} refused (${reason})`),
    timers: options.timers,
  };
}

export interface TransitionOptions<S extends string, E extends string, F, T extends StateTable> {
  /** What the guards read (open offers, price, ...), read by the caller in this transaction. */
  facts: F;
  /** Other columns the event writes with the state, given the timers it starts. */
  set?: (started: ProcessTimer<E>[]) => PgUpdateSetSource<T>;
  /** Effects of this call only, after the bound process's own. */
  effects?: Effect<S, E>[];
  /** The clock's time: the log row's, and where the timers it starts count from. */
  now: Date;
}

/**
 * The table's refusal as an answer: 403 when the actor may never take the event ("not your
 * turn"), 409 when the subject's state or a guard says no (someone else may, or later), each with
 * the machine reason and the process's words for it.
 */
function refusal<S extends string, E extends string, G extends string, F>(
  bound: { process: Process<S, E, G, F>; message(event: E, reason: string): string },
  event: E,
  verdict: Verdict,
): never {
  const reason = verdict.ok ? 'state_changed' : verdict.reason;
  if (isTurnRefusal(bound.process, reason)) throw new AppError(403, bound.message(event, reason), { reason });
  throw AppError.conflict(bound.message(event, reason), reason);
}

/**
 * Refuses (403, as `transition` would) an actor whose role never takes `event`, for a call that
 * must say so before it does work of its own (a wrong pickup code counts against the code).
 */
export function refuseOutOfTurn<S extends string, E extends string, G extends string, F>(
  bound: { process: Process<S, E, G, F>; message(event: E, reason: string): string },
  event: E,
  actor: Actor,
): void {
  if (!bound.process.events[event].by.includes(actor.role)) {
    refusal(bound, event, { ok: false, reason: PROCESS_REFUSALS.notYourTurn });
  }
}

/**
 * Takes `event` on `subject` inside the caller's transaction (CONVENTIONS #11): refuses with 403 (not
 * the actor's event) or 409 (not in this state) and a machine reason when the table says no; else `UPDATE … SET state = $to WHERE id = $id AND
 * state = $from` (which locks the row; 0 rows means someone moved it first: 409 with the reason its
 * new state gives), one `transitions` row, the timers it starts queued, then the effects. Returns what happened.
 */
export async function transition<S extends string, E extends string, G extends string, F, T extends StateTable>(
  tx: Db,
  bound: BoundProcess<S, E, G, F, T>,
  subject: { id: number; state: S },
  event: E,
  actor: Actor,
  options: TransitionOptions<S, E, F, T>,
): Promise<Transition<S, E>> {
  const { process, table } = bound;
  const verdict = can(process, subject.state, event, actor.role, options.facts);
  if (!verdict.ok) refusal(bound, event, verdict);
  const at = options.now;
  const timers = timersStartedBy(process, event, at);
  const to = process.events[event].to;
  const changes = { ...options.set?.(timers), [bound.stateKey]: to } as PgUpdateSetSource<T>;
  const moved = await tx
    .update(table as PgTable)
    .set(changes)
    .where(and(eq(table.id, subject.id), eq(bound.state, subject.state)))
    .returning({ id: table.id });
  if (moved.length === 0) {
    const [now] = await tx
      .select({ state: bound.state })
      .from(table as PgTable)
      .where(eq(table.id, subject.id));
    const current = (now?.state ?? subject.state) as S;
    refusal(bound, event, can(process, current, event, actor.role, options.facts));
  }
  await tx.insert(transitions).values({
    process: process.name,
    subjectId: subject.id,
    event,
    fromState: subject.state,
    toState: to,
    actorId: actor.userId,
    actorRole: actor.role,
    at,
  });
  await queueTimers(tx, process, subject.id, timers, at);
  const done: Transition<S, E> = { subjectId: subject.id, event, from: subject.state, to, at, by: actor, timers };
  for (const effect of [...bound.effects, ...(options.effects ?? [])]) await effect(tx, done);
  return done;
}

export interface StartOptions<E extends string, F, T extends StateTable> {
  /** What the guards read, read by the caller in this transaction. */
  facts: F;
  /** The new subject's columns (all but its state), given the timers the event starts. */
  values: (started: ProcessTimer<E>[]) => Omit<PgInsertValue<T>, 'state'>;
  /** The clock's time: the log row's, and where the timers it starts count from. */
  now: Date;
}

/**
 * Takes `event`, an event that creates its subject (`from` is empty: an offer made), inside the
 * caller's transaction: refuses with 403 or 409 and a machine reason when the table says no; else inserts
 * the subject in the event's state, one `transitions` row (from null), the timers it starts queued, then the effects.
 */
export async function start<S extends string, E extends string, G extends string, F, T extends StateTable>(
  tx: Db,
  bound: BoundProcess<S, E, G, F, T>,
  event: E,
  actor: Actor,
  options: StartOptions<E, F, T>,
): Promise<Transition<S, E>> {
  const { process, table } = bound;
  const verdict = canStart(process, event, actor.role, options.facts);
  if (!verdict.ok) refusal(bound, event, verdict);
  const at = options.now;
  const timers = timersStartedBy(process, event, at);
  const to = process.events[event].to;
  const [row] = await tx
    .insert(table as PgTable)
    .values({ ...options.values(timers), [bound.stateKey]: to } as PgInsertValue<PgTable>)
    .returning({ id: table.id });
  const subjectId = row?.id as number;
  await tx.insert(transitions).values({
    process: process.name,
    subjectId,
    event,
    fromState: null,
    toState: to,
    actorId: actor.userId,
    actorRole: actor.role,
    at,
  });
  await queueTimers(tx, process, subjectId, timers, at);
  const done: Transition<S, E> = { subjectId, event, from: null, to, at, by: actor, timers };
  for (const effect of bound.effects) await effect(tx, done);
  return done;
}
