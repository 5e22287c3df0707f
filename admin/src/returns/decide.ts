import { type AdminReturnDecision, type AdminReturnRecord, adminReturnDecisionSchema } from '@yardly/shared/contract';
import { RETURN_DECISIONS, type ReturnDecision, returnProcess } from '@yardly/shared/rules';
import { allowedButtons, type ProcessAsk, type ProcessRequest } from '../process-actions';

/** The return events the console decides with: for the buyer (approve), for the seller (refuse). */
export type ReturnDecisionEvent = (typeof RETURN_DECISIONS)[ReturnDecision];
const DECISION_EVENTS = Object.values(RETURN_DECISIONS) as ReturnDecisionEvent[];

/** The decision (the PUT's word) each event is. */
const DECISION_OF = Object.fromEntries(
  Object.entries(RETURN_DECISIONS).map(([decision, event]) => [event, decision]),
) as Record<ReturnDecisionEvent, ReturnDecision>;

/** The note's problem, in the api's words (the same schema the api checks), or undefined when it will do. */
export function decisionNoteProblem(decision: ReturnDecision, note: string): string | undefined {
  const parsed = adminReturnDecisionSchema.safeParse({ decision, decisionNote: note });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * The decision buttons of a return: those the record's `actions` (the return table, for an admin)
 * allow, labelled as the table names them; a refund in full from the order closes a return too,
 * but that is the order's button, not one here.
 */
export function decisionButtons(record: Pick<AdminReturnRecord, 'actions'>) {
  return allowedButtons(record.actions, DECISION_EVENTS, (event) => returnProcess.events[event].label);
}

/** The PUT a decision sends: the decision and the note, trimmed as the api keeps it. */
export function decisionRequest(event: ReturnDecisionEvent, note: string): ProcessRequest {
  const data: AdminReturnDecision = { decision: DECISION_OF[event], decisionNote: note.trim() };
  return { method: 'PUT', data };
}

/** What each decision does, as the confirmation says it, and what the console says once it is taken. */
export const DECISION_WORDS: Record<ReturnDecisionEvent, { content: string; done: string }> = {
  approve: {
    content: 'The return is accepted: a prepaid return label is bought and the item price is refunded when it is back.',
    done: 'Decided for the buyer: the return label was bought; both were notified',
  },
  refuse: {
    content: "The return is refused: the sale stands and the seller's share becomes available.",
    done: 'Decided for the seller: the sale stands; both were notified',
  },
};

/** Each decision asks first, with the note the audit log keeps. */
export function decisionAsk(event: ReturnDecisionEvent, record: Pick<AdminReturnRecord, 'id'>): ProcessAsk {
  return {
    title: `${returnProcess.events[event].label}: return ${record.id}`,
    content: DECISION_WORDS[event].content,
    confirm: 'Decide',
    field: { label: 'Why (kept in the audit log)', problem: (note) => decisionNoteProblem(DECISION_OF[event], note) },
  };
}
