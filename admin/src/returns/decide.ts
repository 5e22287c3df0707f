import { type AdminReturnRecord, adminReturnDecisionSchema } from '@yardly/shared/contract';
import { can, RETURN_DECISIONS, type ReturnDecision, returnProcess } from '@yardly/shared/rules';

/** The note's problem, in the api's words (the same schema the api checks), or undefined when it will do. */
export function decisionNoteProblem(decision: ReturnDecision, note: string): string | undefined {
  const parsed = adminReturnDecisionSchema.safeParse({ decision, decisionNote: note });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The decision shows on a disputed return, to an admin the role matrix lets edit returns (the api refuses regardless). */
export function showsDecision(record: Pick<AdminReturnRecord, 'status'> | undefined, mayEdit: boolean): boolean {
  return Boolean(record && mayEdit && can(returnProcess, record.status, RETURN_DECISIONS.buyer, 'admin', {}).ok);
}

/** What each decision does, as the confirmation says it. */
export const DECISION_WORDS: Record<ReturnDecision, { button: string; content: string; done: string }> = {
  buyer: {
    button: 'Decide for the buyer',
    content: 'The return is accepted: a prepaid return label is bought and the item price is refunded when it is back.',
    done: 'Decided for the buyer: the return label was bought; both were notified',
  },
  seller: {
    button: 'Decide for the seller',
    content: "The return is refused: the sale stands and the seller's share becomes available.",
    done: 'Decided for the seller: the sale stands; both were notified',
  },
};
