import { type AuditEntry, auditEntrySchema } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { auditLog, users } from '../../db/schema/index';
import { defineResource, textFilter } from '../../http/console/define-resource';

/** The audit log: read only (no create, update or delete route exists). */
export const auditLogResource = defineResource({
  name: 'audit-log',
  record: auditEntrySchema,
  id: { column: auditLog.id, kind: 'numeric' },
  select: (db: Db) =>
    db
      .select({
        id: auditLog.id,
        actorId: users.refnum,
        actorEmail: users.email,
        at: auditLog.at,
        resource: auditLog.resource,
        recordId: auditLog.recordId,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId)),
  sortable: { at: auditLog.at, resource: auditLog.resource, actorEmail: users.email },
  filters: {
    resource: textFilter((resource) => eq(auditLog.resource, resource)),
    recordId: textFilter((recordId) => eq(auditLog.recordId, recordId)),
    actorId: textFilter((actor) => eq(users.refnum, actor)),
  },
  toRecord: (row): AuditEntry => ({ ...row, at: row.at.toISOString() }),
});
