import { PROCESS_ROLES } from '@yardly/shared/rules';
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { users } from './users';

/**
 * Every step of every process, append-only: who moved which subject from which state to which,
 * by which event and when. Written only by `api/src/process/transition.ts`.
 */
export const transitions = pgTable(
  'transitions',
  {
    id: id(),
    /** The process's name (`listing`, `offer`, later `order`, ...). */
    process: text('process').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    event: text('event').notNull(),
    /** Null when the event created the subject (an offer made). */
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    /** Null when the platform took the event (a timer) or the person is not known. */
    actorId: reference('actor_id', () => users.id),
    actorRole: text('actor_role', { enum: PROCESS_ROLES }).notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('transitions_subject_idx').on(t.process, t.subjectId, t.at)],
);
