import { type AuditEntry, auditEntrySchema } from '@yardly/shared/contract';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { auditLog, users } from '../../db/schema/index';
import { filterText, type ListParams, numericId, pageRows, type ResourceDef } from './rest-adapter';

const fields = {
  id: auditLog.id,
  actorId: users.refnum,
  actorEmail: users.email,
  at: auditLog.at,
  resource: auditLog.resource,
  recordId: auditLog.recordId,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
};
const SORTABLE = { id: auditLog.id, at: auditLog.at, resource: auditLog.resource, actorEmail: users.email };

function select(db: Db) {
  return db.select(fields).from(auditLog).innerJoin(users, eq(users.id, auditLog.actorId));
}

function toRecord(row: Awaited<ReturnType<typeof select>>[number]): AuditEntry {
  return { ...row, at: row.at.toISOString() };
}

/** The audit log: read only (no create, update or delete route exists). */
export const auditLogResource: ResourceDef<AuditEntry> = {
  name: 'audit-log',
  record: auditEntrySchema,
  parseId: numericId,
  async list(db: Db, p: ListParams) {
    const where: (SQL | undefined)[] = [];
    const resource = filterText(p, 'resource');
    if (resource) where.push(eq(auditLog.resource, resource));
    const recordId = filterText(p, 'recordId');
    if (recordId) where.push(eq(auditLog.recordId, recordId));
    const actor = filterText(p, 'actorId');
    if (actor) where.push(eq(users.refnum, actor));
    if (p.ids) where.push(inArray(auditLog.id, p.ids.map(Number).filter(Number.isInteger)));
    const { rows, total } = await pageRows(db, p, {
      query: select(db).$dynamic(),
      where,
      sortable: SORTABLE,
      tiebreak: auditLog.id,
    });
    return { rows: rows.map(toRecord), total };
  },
  async one(db, id) {
    const [row] = await select(db).where(eq(auditLog.id, Number(id)));
    return row ? toRecord(row) : undefined;
  },
};
