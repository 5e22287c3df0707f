import { addBusinessDays } from './business-days';

/**
 * A business process as data (CONVENTIONS #7): its states, the events that move between them,
 * who may take each event and the timers they start. The api refuses with it and the storefront
 * and console draw their buttons from it, so the two can never disagree.
 */

/** Who takes an event: a party to the subject, a moderator, or the platform itself (timers). */
export const PROCESS_ROLES = ['seller', 'buyer', 'admin', 'system'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

/** How long after the event that starts it a timer fires. */
export interface Duration {
  /** US business days (business-days.ts), counted before the other parts: a deadline of three business days. */
  businessDays?: number;
  days?: number;
  hours?: number;
  minutes?: number;
}

export interface StateDef {
  /** The state's name as a person reads it (console columns, filters). */
  label: string;
  /** The chip shown beside the subject while it is in this state; null for none. */
  badge: string | null;
  /** The machine reason an event that does not leave this state is refused with. */
  refusal: string;
}

/** The parties to a subject a notice can go to. */
export type NoticeParty = 'buyer' | 'seller';

/**
 * One notice an event sends (Sharetribe's `:notifications` beside a transition): to which party,
 * with which of the process's `notices`, and, with `by`, only when one of those roles took the
 * event (a seller's cancel reads differently from the platform's).
 */
export interface Tell<N extends string = string> {
  to: NoticeParty;
  notice: N;
  by?: readonly ProcessRole[];
}

/**
 * A notice's words and the page it leads to, from what the api reads of the subject when the
 * event is taken (the process's notice context: an order's refnum and title, its tracking number).
 */
export interface NoticeDef<C> {
  text: (context: C) => string;
  link: (context: C) => string | null;
}

export interface EventDef<S extends string, G extends string, E extends string, N extends string = string> {
  /** A button's text, or the log's name for a timer. */
  label: string;
  /** The states the event leaves; none for an event that creates its subject (an offer made). */
  from: readonly S[];
  /** The state it reaches. */
  to: S;
  by: readonly ProcessRole[];
  /** A named condition on facts outside the state (e.g. open offers) both sides evaluate. */
  guard?: G;
  /** A timer: the platform takes this event this long after an event that `starts` it. */
  after?: Duration;
  /** The timers (events with `after`) this event starts. */
  starts?: readonly E[];
  /**
   * What taking it does beyond the state, by name (a ledger posting, an invitation), in this
   * order and in its transaction: the api implements each name once and refuses to start without.
   */
  does?: readonly string[];
  /** Who is told, in this order, once its effects are done, in its transaction: the api sends each. */
  tells?: readonly Tell<N>[];
}

export interface GuardDef<F> {
  test: (facts: F) => boolean;
  /** The machine reason the event is refused with when the test fails. */
  refusal: string;
  /**
   * The guard asks who acts, not what state the subject is in (the offer's receiver answers it):
   * its refusal is "not your turn" (403), like a role the event does not name.
   */
  turn?: boolean;
}

export interface Process<S extends string, E extends string, G extends string, F> {
  name: string;
  initial: S;
  states: Readonly<Record<S, StateDef>>;
  events: Readonly<Record<E, EventDef<S, G, E>>>;
  guards: Readonly<Record<G, GuardDef<F>>>;
  /** The words of the notices its events send (`tells`), each written once, here. */
  // biome-ignore lint/suspicious/noExplicitAny: each process reads its own notice context.
  notices?: Readonly<Record<string, NoticeDef<any>>>;
}

/** Declares a process, keeping its states, events and guards as literal unions. */
export function defineProcess<
  const S extends string,
  const E extends string,
  const G extends string,
  F,
  const N extends string = never,
>(def: {
  name: string;
  initial: NoInfer<S>;
  states: Record<S, StateDef>;
  events: Record<E, EventDef<NoInfer<S>, NoInfer<G>, NoInfer<E>, NoInfer<N>>>;
  guards: Record<G, GuardDef<F>>;
  // biome-ignore lint/suspicious/noExplicitAny: each process reads its own notice context.
  notices?: Record<N, NoticeDef<any>>;
}): Process<S, E, G, F> {
  for (const [name, event] of Object.entries<EventDef<S, G, E, N>>(def.events)) {
    for (const timer of event.starts ?? []) {
      if (!def.events[timer].after) throw new Error(`${def.name}: ${name} starts ${timer}, which has no 'after'`);
    }
    for (const tell of event.tells ?? []) {
      if (!def.notices?.[tell.notice]) throw new Error(`${def.name}: ${name} tells ${tell.notice}, which has no words`);
    }
  }
  return def;
}

/** The notices `event`, taken by `role`, sends: whom to tell and with which words. */
export function noticesOf<S extends string, E extends string, G extends string, F>(
  process: Process<S, E, G, F>,
  event: E,
  role: ProcessRole,
  // biome-ignore lint/suspicious/noExplicitAny: the caller holds the process's own notice context.
): { to: NoticeParty; notice: NoticeDef<any> }[] {
  const tells = process.events[event].tells ?? [];
  return tells
    .filter((tell) => tell.by === undefined || tell.by.includes(role))
    .map((tell) => ({ to: tell.to, notice: process.notices?.[tell.notice] as NoticeDef<unknown> }));
}

// biome-ignore lint/suspicious/noExplicitAny: the unions are read back, never checked against.
type Any = any;
export type StateOf<P> = P extends Process<infer S, Any, Any, Any> ? S : never;
export type EventOf<P> = P extends Process<Any, infer E, Any, Any> ? E : never;
export type FactsOf<P> = P extends Process<Any, Any, Any, infer F> ? F : never;

/** A process's state names, in declaration order (a zod enum's values). */
export function stateNames<P extends Process<Any, Any, Any, Any>>(process: P): [StateOf<P>, ...StateOf<P>[]] {
  return Object.keys(process.states) as [StateOf<P>, ...StateOf<P>[]];
}

/** A process's event names, for a contract's `actions` (`actionsOf(process)` in contract/common.ts): clients read them typed. */
export function eventNames<P extends Process<Any, Any, Any, Any>>(process: P): [EventOf<P>, ...EventOf<P>[]] {
  return Object.keys(process.events) as [EventOf<P>, ...EventOf<P>[]];
}

/** Machine reasons that do not come from a state or a guard. */
export const PROCESS_REFUSALS = {
  /** The role may never take this event (the buyer cannot mark a listing sold). */
  notYourTurn: 'not_your_turn',
} as const;

export type Verdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether a refusal is "not your turn" (this actor may not take the event whatever the state:
 * 403) rather than "not in this state" (409): a role the event does not name, or a `turn` guard.
 */
export function isTurnRefusal<S extends string, E extends string, G extends string, F>(
  process: Process<S, E, G, F>,
  reason: string,
): boolean {
  if (reason === PROCESS_REFUSALS.notYourTurn) return true;
  return Object.values<GuardDef<F>>(process.guards).some((guard) => guard.turn === true && guard.refusal === reason);
}

/**
 * Whether `role` may take `event` in `state` given `facts`, and the machine reason when not:
 * the role first, then the state, then the guard.
 */
export function can<S extends string, E extends string, G extends string, F>(
  process: Process<S, E, G, F>,
  state: S,
  event: E,
  role: ProcessRole,
  facts: F,
): Verdict {
  const def = process.events[event];
  if (!def.by.includes(role)) return { ok: false, reason: PROCESS_REFUSALS.notYourTurn };
  if (!def.from.includes(state)) return { ok: false, reason: process.states[state].refusal };
  const guard = def.guard === undefined ? undefined : process.guards[def.guard];
  if (guard && !guard.test(facts)) return { ok: false, reason: guard.refusal };
  return { ok: true };
}

/** Refused because the event does not create a subject (its `from` names states). */
export const NOT_AN_ENTRY = 'not_an_entry';

/**
 * Whether `role` may take `event`, an event that creates its subject (`from` is empty), given
 * `facts`: the role first, then the guard.
 */
export function canStart<S extends string, E extends string, G extends string, F>(
  process: Process<S, E, G, F>,
  event: E,
  role: ProcessRole,
  facts: F,
): Verdict {
  const def = process.events[event];
  if (def.from.length > 0) return { ok: false, reason: NOT_AN_ENTRY };
  if (!def.by.includes(role)) return { ok: false, reason: PROCESS_REFUSALS.notYourTurn };
  const guard = def.guard === undefined ? undefined : process.guards[def.guard];
  if (guard && !guard.test(facts)) return { ok: false, reason: guard.refusal };
  return { ok: true };
}

/** The events `role` may take in `state` given `facts`, in the declaration's order. */
export function eventsFor<S extends string, E extends string, G extends string, F>(
  process: Process<S, E, G, F>,
  state: S,
  role: ProcessRole,
  facts: F,
): E[] {
  return (Object.keys(process.events) as E[]).filter((event) => can(process, state, event, role, facts).ok);
}

/** A state no event leaves. */
export function isFinal<S extends string, E extends string, G extends string, F>(
  process: Process<S, E, G, F>,
  state: S,
): boolean {
  return Object.values<EventDef<S, G, E>>(process.events).every((e) => !e.from.includes(state));
}

export function stateLabel<S extends string, E extends string, G extends string, F>(
  process: Process<S, E, G, F>,
  state: S,
): string {
  return process.states[state].label;
}

export function stateBadge<S extends string, E extends string, G extends string, F>(
  process: Process<S, E, G, F>,
  state: S,
): string | null {
  return process.states[state].badge;
}

/** When a timer of `duration` started at `from` is due. */
export function addDuration(from: Date, duration: Duration): Date {
  return new Date(addBusinessDays(from, duration.businessDays ?? 0).getTime() + durationMs(duration));
}

/** The calendar part of a duration in ms (business days are not a fixed length: see `addDuration`). */
export function durationMs(duration: Duration): number {
  return (((duration.days ?? 0) * 24 + (duration.hours ?? 0)) * 60 + (duration.minutes ?? 0)) * 60_000;
}

/** A timer an event starts: the platform takes `event` at `at` unless the state moved on. */
export interface ProcessTimer<E extends string = string> {
  event: E;
  at: Date;
}

/** The timers `event` starts when taken at `now`. */
export function timersStartedBy<S extends string, E extends string, G extends string, F>(
  process: Process<S, E, G, F>,
  event: E,
  now: Date,
): ProcessTimer<E>[] {
  const starts = process.events[event].starts ?? [];
  return starts.map((timer) => ({
    event: timer,
    at: addDuration(now, process.events[timer].after ?? {}),
  }));
}
