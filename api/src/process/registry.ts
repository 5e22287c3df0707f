import { type NoticeParty, noticesOf, type Process } from '@yardly/shared/rules';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect';
import type { JobDefinition } from '../jobs/job';
import { notify } from '../modules/notifications/notify';
import { timerEvents, timerJob } from './timer-job';
import type { TimerPayload } from './timers';
import { type BoundProcess, bindProcess, type Effect, type TimerTaking, type Transition } from './transition';

// biome-ignore lint/suspicious/noExplicitAny: a registry holds processes of every state and event union.
type AnyBound = BoundProcess<any, any, any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
type AnyEffect = Effect<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: a declaration of any guard and facts.
type Declared<S extends string, E extends string> = Process<S, E, any, any>;

/**
 * The subscriptions already added to a binding made once at module level (an adopted one), so a
 * second app built in the same process (tests) does not add them again.
 */
const addedToAdopted = new WeakMap<AnyBound, Set<string>>();

/**
 * What a process's notices read of a subject when one of its events is taken: who its parties
 * are and its notice context (the words' inputs); undefined when the subject is gone.
 */
export type NoticeReader<C> = (
  tx: Db,
  subjectId: number,
) => Promise<{ parties: Record<NoticeParty, number>; context: C } | undefined>;

/** Which transitions a subscription follows: those reaching a state, those of an event, or (empty) all. */
export interface TransitionFilter {
  to?: string;
  event?: string;
}

/**
 * The api's processes, each bound once at start (CONVENTIONS #7, ADR 0051). A declaration names
 * what its events do (`does`); the capability that owns the work implements each name once
 * (`implement`), another capability's reaction subscribes (`onTransition`), and `assertComplete`
 * refuses to start while a named effect has no implementation, as `registerCalls` does for calls.
 * A transition runs, in its own database transaction: the event's named effects in the order the
 * table names them, then the subscriptions in the order they were made.
 */
export class ProcessRegistry {
  private readonly bound = new Map<string, AnyBound>();
  /** The processes whose transitions run the registry's effects (adopted ones run their own). */
  private readonly dispatching = new Set<string>();
  private readonly named = new Map<string, AnyEffect>();
  private readonly subscriptions: { process: string; filter: TransitionFilter; effect: AnyEffect }[] = [];
  private readonly noticeReaders = new Map<string, NoticeReader<unknown>>();

  /**
   * Binds `process` to the table whose `state` column (or the column `options.state` names) holds
   * it, once: every transition runs the registry's effects. Two bindings of one process stop the start.
   */
  bind<S extends string, E extends string, G extends string, F, T extends PgTable & { id: PgColumn }>(
    process: Process<S, E, G, F>,
    table: T,
    message: (event: E, reason: string) => string,
    options: { state?: PgColumn } = {},
  ): BoundProcess<S, E, G, F, T> {
    const bound = bindProcess(process, table, {
      message,
      effects: [(tx, done) => this.dispatch(process.name, tx, done)],
      state: options.state,
    });
    this.dispatching.add(process.name);
    return this.keep(bound);
  }

  /**
   * Keeps a process bound once at module level (listing, reward, rental: free functions take its
   * events) for lookup and the start-up check. It names no effect; a subscription to it must need
   * no service (a module-level function of the transaction alone): it is added to the binding once.
   */
  adopt<B extends AnyBound>(bound: B): B {
    return this.keep(bound);
  }

  private keep<B extends AnyBound>(bound: B): B {
    const name = bound.process.name;
    if (this.bound.has(name)) throw new Error(`The ${name} process is bound twice`);
    this.bound.set(name, bound);
    return bound;
  }

  /** The one binding of a process, for every consumer. */
  get(name: string): AnyBound {
    const bound = this.bound.get(name);
    if (!bound) throw new Error(`No ${name} process is bound`);
    return bound;
  }

  /** The implementation of a named effect of `process` (`does` in its table); once per name. */
  implement<S extends string, E extends string>(process: Declared<S, E>, name: string, effect: Effect<S, E>): void {
    const key = `${process.name}.${name}`;
    if (this.named.has(key)) throw new Error(`The effect ${key} is implemented twice`);
    this.named.set(key, effect as AnyEffect);
  }

  /**
   * How the platform takes `process`'s timers (the facts its guards read, the columns its events
   * write), said once by the capability that owns the process's table; a process bound with it
   * (an adopted one) needs none.
   */
  takeTimers<S extends string, E extends string, F, T extends PgTable & { id: PgColumn }>(
    // biome-ignore lint/suspicious/noExplicitAny: a declaration of any guard, its facts named.
    process: Process<S, E, any, F>,
    taking: TimerTaking<S, E, F, T>,
  ): void {
    const bound = this.get(process.name);
    if (bound.timers) throw new Error(`How to take the timers of ${process.name} is said twice`);
    bound.timers = taking;
  }

  /**
   * How the notices `process`'s events send (`tells` in its table) read their subject, said once by
   * the capability that owns its table: the registry then sends each, in the transition's transaction.
   */
  readNotices<C>(process: Declared<string, string>, reader: NoticeReader<C>): void {
    if (this.noticeReaders.has(process.name)) throw new Error(`How ${process.name}'s notices read it is said twice`);
    this.noticeReaders.set(process.name, reader as NoticeReader<unknown>);
  }

  /** Another capability's reaction to `process`'s transitions (all of them, or those `filter` names). */
  onTransition<S extends string, E extends string>(
    process: Declared<S, E>,
    filter: { to?: S; event?: E },
    effect: Effect<S, E>,
  ): void {
    const adopted = this.bound.get(process.name);
    if (adopted && !this.dispatching.has(process.name)) {
      const added = addedToAdopted.get(adopted) ?? new Set<string>();
      addedToAdopted.set(adopted, added);
      const key = `${effect.name}:${filter.to ?? ''}:${filter.event ?? ''}`;
      if (!effect.name) throw new Error(`A subscription to ${process.name} must be a named module-level function`);
      if (added.has(key)) return;
      added.add(key);
      adopted.effects.push((tx, done) => (matches(filter, done) ? effect(tx, done) : undefined));
      return;
    }
    this.subscriptions.push({ process: process.name, filter, effect: effect as AnyEffect });
  }

  /** The one timer job of each bound process that declares timers (`timer:<process>`, timer-job.ts). */
  timerJobs(): JobDefinition<TimerPayload>[] {
    return [...this.bound.values()].filter((bound) => timerEvents(bound).length > 0).map(timerJob);
  }

  /**
   * Refuses to start while a bound process's table names an effect nobody implemented, a
   * subscription names no process, or a declared timer could never be taken: the platform may not
   * take its event, the binding says not how (`timers`), or an event starts it in a state it does not leave.
   */
  assertComplete(): void {
    const missing: string[] = [];
    for (const bound of this.bound.values()) missing.push(...untakeableTimers(bound));
    for (const [name, { process }] of this.bound) {
      if (!this.dispatching.has(name)) continue;
      for (const [event, def] of Object.entries<{ does?: readonly string[] }>(process.events)) {
        for (const effect of def.does ?? []) {
          if (!this.named.has(`${name}.${effect}`)) missing.push(`${name}.${event} does ${effect}`);
        }
      }
    }
    for (const { process } of this.subscriptions) {
      if (!this.dispatching.has(process)) missing.push(`a subscription to ${process}, which the registry does not run`);
    }
    for (const [name, { process }] of this.bound) {
      const tells = Object.values<{ tells?: readonly unknown[] }>(process.events).some((def) => def.tells?.length);
      if (!tells) continue;
      if (!this.dispatching.has(name)) missing.push(`the notices of ${name}, which the registry does not send`);
      else if (!this.noticeReaders.has(name))
        missing.push(`the notices of ${name}, which nothing reads the subject for`);
    }
    if (missing.length) throw new Error(`The processes cannot start: ${missing.join('; ')}`);
  }

  private async dispatch(name: string, tx: Parameters<AnyEffect>[0], done: Transition<string, string>): Promise<void> {
    const { process } = this.get(name);
    for (const effect of process.events[done.event]?.does ?? []) {
      const run = this.named.get(`${name}.${effect}`);
      if (!run) throw new Error(`${name}: ${done.event} does ${effect}, which has no implementation`);
      await run(tx, done);
    }
    for (const { process: subscribed, filter, effect } of this.subscriptions) {
      if (subscribed === name && matches(filter, done)) await effect(tx, done);
    }
    await this.tell(name, tx, done);
  }

  /** The notices the event sends, once its effects are done: each party told in the table's order. */
  private async tell(name: string, tx: Db, done: Transition<string, string>): Promise<void> {
    const { process } = this.get(name);
    const notices = noticesOf(process, done.event, done.by.role);
    if (notices.length === 0) return;
    const read = this.noticeReaders.get(name);
    const subject = read && (await read(tx, done.subjectId));
    if (!subject) return;
    for (const { to, notice } of notices) {
      await notify(tx, [subject.parties[to]], notice.text(subject.context), notice.link(subject.context));
    }
  }
}

/** Why each timer `bound` declares could never fire (none when every one can). */
function untakeableTimers(bound: AnyBound): string[] {
  const { process } = bound;
  type Def = { from: readonly string[]; to: string; by: readonly string[]; starts?: readonly string[] };
  const events = process.events as Record<string, Def>;
  const problems: string[] = [];
  for (const timer of timerEvents(bound)) {
    const def = events[timer] as Def;
    if (!def.by.includes('system'))
      problems.push(`the timer ${process.name}.${timer}, which the platform may not take`);
    if (!bound.timers) problems.push(`the timer ${process.name}.${timer}, which its binding gives no way to take`);
    for (const [event, starter] of Object.entries(events)) {
      if (starter.starts?.includes(timer) && !def.from.includes(starter.to)) {
        problems.push(`${process.name}.${event} starts ${timer} in ${starter.to}, which ${timer} does not leave`);
      }
    }
  }
  return problems;
}

function matches(filter: TransitionFilter, done: Transition<string, string>): boolean {
  return (
    (filter.to === undefined || filter.to === done.to) && (filter.event === undefined || filter.event === done.event)
  );
}
