import { and, asc, eq } from 'drizzle-orm';
import { transitions } from '../src/db/schema/index';
import type { TestApp } from './harness';

/**
 * The transitions a process logged for one subject (a listing, rental, organisation… by its row
 * id), oldest first: the event, the states it moved between, the actor's role and id.
 */
export function transitionLog(t: TestApp, process: string, subjectId: number) {
  return t.database.db
    .select({
      event: transitions.event,
      from: transitions.fromState,
      to: transitions.toState,
      role: transitions.actorRole,
      actorId: transitions.actorId,
    })
    .from(transitions)
    .where(and(eq(transitions.process, process), eq(transitions.subjectId, subjectId)))
    .orderBy(asc(transitions.id));
}
