import type { Db } from '../../db/connect';
import { auditLog } from '../../db/schema/index';

export interface AuditWrite {
  recordId: string;
  before: unknown;
  after: unknown;
  action: 'create' | 'update' | 'delete';
}

/** One audit entry, in the caller's transaction: the change and its record stand or fall together. */
export async function writeAudit(tx: Db, entry: AuditWrite & { resource: string; actorId: number }): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    resource: entry.resource,
    recordId: entry.recordId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
