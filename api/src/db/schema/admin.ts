import { index, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { users } from './users';

export const auditAction = pgEnum('audit_action', ['create', 'update', 'delete']);

/** Every change made through the console: who, when, what, and the record before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: reference('actor_id', () => users.id).notNull(),
    at: at('at').notNull().defaultNow(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    action: auditAction('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc()), index('audit_log_record_idx').on(t.resource, t.recordId)],
);
