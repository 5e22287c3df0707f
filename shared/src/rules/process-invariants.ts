import {
  can,
  canStart,
  type EventDef,
  type EventOf,
  type FactsOf,
  type Process,
  type ProcessRole,
  type StateOf,
} from './process';

/**
 * What a process promises beyond its single steps (issue 35): the rules every sequence of events
 * its table allows must keep, declared beside the table and checked by exploring the table alone
 * (`exploreProcess`, api/test/process-exhaustive.test.ts).
 */

/** Who takes a step: a role of the table, or a timer the platform fires when it is due. */
export type StepActor = ProcessRole | 'timer';

/** One step of a sequence: `from` is null for the event that creates the subject. */
export interface ProcessStep<S extends string = string, E extends string = string> {
  event: E;
  by: StepActor;
  from: S | null;
  to: S;
}

export interface ProcessRule<S extends string, E extends string, F> {
  /** The rule in words, as the test prints it when broken. */
  says: string;
  /** Whether the sequence so far, taken in the world `facts`, keeps the rule. */
  holds(path: readonly ProcessStep<S, E>[], facts: F): boolean;
}

export interface ProcessInvariants<P> {
  process: P;
  /** The states that end the subject's life: no event leaves them, and every other state has a way out. */
  final: readonly StateOf<P>[];
  /**
   * The facts the exploration runs under, one world per run: each guard both passing and failing.
   * A process whose guards read nothing has one empty world.
   */
  worlds: readonly FactsOf<P>[];
  rules: Readonly<Record<string, ProcessRule<StateOf<P>, EventOf<P>, FactsOf<P>>>>;
}

// biome-ignore lint/suspicious/noExplicitAny: any process's invariants, as a list of them holds them.
export type AnyInvariants = ProcessInvariants<Process<any, any, any, any>>;

/** Declares a process's invariants, typed by its table. */
export function defineInvariants<S extends string, E extends string, G extends string, F>(
  process: Process<S, E, G, F>,
  def: Omit<ProcessInvariants<Process<S, E, G, F>>, 'process'>,
): ProcessInvariants<Process<S, E, G, F>> {
  return { process, ...def };
}

/** How many steps of `path` match. */
export function countSteps<S extends string, E extends string>(
  path: readonly ProcessStep<S, E>[],
  match: (step: ProcessStep<S, E>) => boolean,
): number {
  let n = 0;
  for (const step of path) if (match(step)) n++;
  return n;
}

export interface Exploration<S extends string, E extends string> {
  /** Distinct states reached within the bound, over every world. */
  states: Set<S>;
  /** Distinct (world, state, pending timers) configurations reached within the bound. */
  configurations: number;
  /** Sequences of 1 to `bound` steps the table allows, over every world. */
  sequences: number;
  /** Rule checks made (each rule on each sequence). */
  checks: number;
  /** The events taken in some sequence. */
  taken: Set<E>;
  /** Broken rules, each with the shortest sequence found that breaks it. */
  broken: { rule: string; says: string; world: number; path: ProcessStep<S, E>[] }[];
  /** Every sequence met, when `keep` asks for them (the replay's sample is drawn from these). */
  kept: { world: number; path: ProcessStep<S, E>[] }[];
}

/** The shape problems of a table, whatever the bound: dead events, unreachable states, wrong finals. */
export function tableProblems<S extends string, E extends string, G extends string, F>(
  invariants: ProcessInvariants<Process<S, E, G, F>>,
): string[] {
  const { process, final } = invariants;
  const events = Object.entries(process.events) as [E, EventDef<S, G, E>][];
  const states = Object.keys(process.states) as S[];
  const problems: string[] = [];
  for (const state of states) {
    const leaving = events.filter(([, def]) => def.from.includes(state)).map(([name]) => name);
    if (final.includes(state) && leaving.length > 0)
      problems.push(`${process.name}: final state ${state} takes ${leaving.join(', ')}`);
    if (!final.includes(state) && leaving.length === 0)
      problems.push(`${process.name}: ${state} is not declared final but no event leaves it`);
  }
  for (const [name, def] of events) {
    if (def.after && !events.some(([, other]) => other.starts?.includes(name)))
      problems.push(`${process.name}: timer ${name} is started by no event`);
  }
  // Unbounded reachability over every world: the bounded run reports what it met within its bound.
  const { states: reached, taken } = exploreProcess(invariants, Number.POSITIVE_INFINITY, { rules: false });
  for (const state of states) if (!reached.has(state)) problems.push(`${process.name}: state ${state} is unreachable`);
  for (const [name] of events) if (!taken.has(name)) problems.push(`${process.name}: event ${name} is dead`);
  return problems;
}

/**
 * Every sequence of up to `bound` events the table allows, by every role and every due timer,
 * from the subject's start (its initial state, or each event that creates it), in each declared
 * world; checks each rule on each sequence. A timer fires only after an event started it, once
 * per start, whenever the table allows it then. With an infinite bound it stops at configurations
 * already seen (rules are not checked then: `rules: false`).
 */
export function exploreProcess<S extends string, E extends string, G extends string, F>(
  invariants: ProcessInvariants<Process<S, E, G, F>>,
  bound: number,
  options: { rules?: boolean; keep?: boolean } = {},
): Exploration<S, E> {
  const { process, worlds, rules } = invariants;
  const checkRules = options.rules !== false;
  const ruleList = Object.entries(rules) as [string, ProcessRule<S, E, F>][];
  const events = Object.entries(process.events) as [E, EventDef<S, G, E>][];
  const entries = events.filter(([, def]) => def.from.length === 0);
  const result: Exploration<S, E> = {
    states: new Set(),
    configurations: 0,
    sequences: 0,
    checks: 0,
    taken: new Set(),
    broken: [],
    kept: [],
  };
  const brokenRules = new Set<string>();

  worlds.forEach((facts, world) => {
    const seen = new Set<string>();
    const path: ProcessStep<S, E>[] = [];

    const visit = (state: S, pending: readonly E[]) => {
      result.states.add(state);
      const key = `${state}|${[...pending].sort().join(',')}`;
      const fresh = !seen.has(key);
      if (fresh) seen.add(key);
      if (path.length > 0) {
        result.sequences++;
        if (options.keep) result.kept.push({ world, path: [...path] });
        if (checkRules) {
          for (const [name, rule] of ruleList) {
            result.checks++;
            if (!brokenRules.has(name) && !rule.holds(path, facts)) {
              brokenRules.add(name);
              result.broken.push({ rule: name, says: rule.says, world, path: [...path] });
            }
          }
        }
      }
      if (path.length >= bound || (bound === Number.POSITIVE_INFINITY && !fresh)) return;
      for (const [event, def] of events) {
        if (def.from.length === 0) continue;
        const actors: StepActor[] = def.after ? (pending.includes(event) ? ['timer'] : []) : [...def.by];
        for (const by of actors) {
          if (!can(process, state, event, by === 'timer' ? 'system' : by, facts).ok) continue;
          step(event, def, by, state, pending);
        }
      }
    };

    const step = (event: E, def: EventDef<S, G, E>, by: StepActor, from: S | null, pending: readonly E[]) => {
      result.taken.add(event);
      const fired = by === 'timer' ? pending.filter((p) => p !== event) : pending;
      const next = [...new Set([...fired, ...(def.starts ?? [])])];
      path.push({ event, by, from, to: def.to });
      visit(def.to, next);
      path.pop();
    };

    if (entries.length === 0) visit(process.initial, []);
    for (const [event, def] of entries) {
      for (const by of def.by) if (canStart(process, event, by, facts).ok) step(event, def, by, null, []);
    }
    result.configurations += seen.size;
  });
  return result;
}
