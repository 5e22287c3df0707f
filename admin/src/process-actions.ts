/** What the console's ProcessActions reads: pure, so the buttons' choice is tested without a screen. */

/** How the console asks the api for a process event: a PUT naming it, or the resource's soft DELETE. */
export type ProcessRequest = { method: 'PUT'; data: object } | { method: 'DELETE' };

/** One button: the event it takes and its visible text. */
export interface ProcessButton<E extends string> {
  event: E;
  label: string;
}

/** What the console asks before it takes an event: a confirmation, and maybe a text the event carries. */
export interface ProcessAsk {
  title: string;
  content: string;
  confirm: string;
  /** The dialog's way out; react-admin's Cancel when absent. */
  cancel?: string;
  /** A text the moderator writes (a decision's note): its label, and what is wrong with a text (undefined: it will do). */
  field?: { label: string; problem: (text: string) => string | undefined };
}

/**
 * The buttons of a record whose `actions` the api computed from the process table: the events of
 * `shown` (the screen's events, in its order) that the record allows now, each labelled.
 */
export function allowedButtons<E extends string>(
  actions: readonly string[],
  shown: readonly E[],
  label: (event: E) => string,
): ProcessButton<E>[] {
  return shown.filter((event) => actions.includes(event)).map((event) => ({ event, label: label(event) }));
}

/** A process's states as a filter's choices, in the order given, named as a person reads them. */
export function stateChoices<S extends string>(
  states: readonly S[],
  process: { states: Record<S, { label: string }> },
): { id: S; name: string }[] {
  return states.map((id) => ({ id, name: process.states[id].label }));
}
