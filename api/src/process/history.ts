import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { transitions, users } from '../db/schema/index';

/** One step of a subject's history as the console shows it: the event, the state reached, when, and who (null: Yardly). */
export interface HistoryStep {
  event: string;
  status: string;
  at: string;
  by: string | null;
}

/** The histories of some subjects of one process, oldest step first, by subject id (one query). */
export async function processHistories(db: Db, process: string, ids: number[]): Promise<Map<number, HistoryStep[]>> {
  const rows = await db
    .select({
      subjectId: transitions.subjectId,
      event: transitions.event,
      status: transitions.toState,
      at: transitions.at,
      by: users.email,
    })
    .from(transitions)
    .leftJoin(users, eq(users.id, transitions.actorId))
    .where(and(eq(transitions.process, process), inArray(transitions.subjectId, ids)))
    .orderBy(asc(transitions.at), asc(transitions.id));
  const histories = new Map<number, HistoryStep[]>();
  for (const { subjectId, at, ...step } of rows) {
    histories.set(subjectId, [...(histories.get(subjectId) ?? []), { ...step, at: at.toISOString() }]);
  }
  return histories;
}
