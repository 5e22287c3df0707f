import type { reportResolutionSchema } from '@yardly/shared/contract';
import { can, eventsFor, type ReportState, reportConsoleMessages, reportProcess } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import type { listingReports, rentalReports } from '../../db/schema/index';
import { AppError } from '../../errors';
import { textFilter } from '../../http/console/define-resource';

/**
 * What the console's item and rental report queues share: the same columns sorted and filtered
 * the same way, and the same resolution (an open report, locked, resolved once).
 */
type ReportTable = typeof listingReports | typeof rentalReports;

/** The queue's sortable columns; the status enum's order puts open before the resolved ones. */
export function reportSortable(table: ReportTable) {
  return {
    createdAt: table.createdAt,
    status: table.status,
    reason: table.reason,
    resolvedAt: table.resolvedAt,
  };
}

/** Filters by status (`resolved` is any but open) and by reason. */
export function reportFilters(table: ReportTable) {
  return {
    status: textFilter((status) =>
      status === 'resolved' ? sql`${table.status} <> 'open'` : sql`${table.status}::text = ${status}`,
    ),
    reason: textFilter((reason) => sql`${table.reason}::text = ${reason}`),
  };
}

/** A report row as the record carries it: its times, and the events the report table allows an admin now. */
export function reportRecordOf<Row extends { status: ReportState; createdAt: Date; resolvedAt: Date | null }>(
  row: Row,
) {
  return {
    ...row,
    actions: eventsFor(reportProcess, row.status, 'admin', {}),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * Locks report `id` and marks it resolved by `actorId` at `resolvedAt`: 404 when there is no
 * such report in `resource`, 409 when it was resolved already (two moderators at once: one wins).
 */
export async function resolveOpenReport<Table extends ReportTable>(
  tx: Db,
  table: Table,
  resource: string,
  id: string | number,
  resolution: { status: z.infer<typeof reportResolutionSchema>['status']; actorId: number; resolvedAt: Date },
): Promise<Table['$inferSelect']> {
  const reports = table as ReportTable;
  const [report] = await tx
    .select()
    .from(reports)
    .where(eq(reports.id, Number(id)))
    .for('update');
  if (!report) throw AppError.notFound(`There is no such record in ${resource}`);
  // The report table says whether an admin may resolve it so (only an open report, once).
  const event = resolution.status === 'listing_removed' ? 'removeListing' : 'dismiss';
  if (!can(reportProcess, report.status as ReportState, event, 'admin', {}).ok)
    throw new AppError(409, reportConsoleMessages.reportAlreadyResolved, { field: 'status' });
  await tx
    .update(reports)
    .set({ status: resolution.status, resolvedById: resolution.actorId, resolvedAt: resolution.resolvedAt })
    .where(eq(reports.id, report.id));
  return report as Table['$inferSelect'];
}
