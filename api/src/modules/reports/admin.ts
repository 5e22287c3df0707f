import { adminMessages, type ReportRecord, reportRecordSchema, reportResolutionSchema } from '@yardly/shared/contract';
import { notices } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listingReports, listings, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { defineResource, textFilter } from '../admin/define-resource';
import { removeReportedListing } from '../listings/moderation';
import { notify } from '../notifications/notify';

/** The report queue: open reports, resolved by removing the listing or taking no action. */
export const reportsResource = defineResource({
  name: 'reports',
  record: reportRecordSchema,
  id: { column: listingReports.id, kind: 'numeric' },
  select: (db: Db) =>
    db
      .select({
        id: listingReports.id,
        listingId: listings.refnum,
        listingTitle: listings.title,
        reporterId: users.refnum,
        reporterEmail: users.email,
        reason: listingReports.reason,
        details: listingReports.details,
        status: listingReports.status,
        createdAt: listingReports.createdAt,
        resolvedAt: listingReports.resolvedAt,
      })
      .from(listingReports)
      .innerJoin(listings, eq(listings.id, listingReports.listingId))
      .innerJoin(users, eq(users.id, listingReports.reporterId)),
  sortable: {
    id: listingReports.id,
    createdAt: listingReports.createdAt,
    status: listingReports.status,
    reason: listingReports.reason,
    resolvedAt: listingReports.resolvedAt,
  },
  filters: {
    status: textFilter((status) =>
      status === 'resolved' ? sql`${listingReports.status} <> 'open'` : sql`${listingReports.status}::text = ${status}`,
    ),
    reason: textFilter((reason) => sql`${listingReports.reason}::text = ${reason}`),
    listingId: textFilter((refnum) => eq(listings.refnum, refnum)),
  },
  toRecord: (row): ReportRecord => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  }),
  update: {
    input: reportResolutionSchema,
    async run(tx, id, input, ctx) {
      const [report] = await tx
        .select()
        .from(listingReports)
        .where(eq(listingReports.id, Number(id)))
        .for('update');
      if (!report) throw AppError.notFound('There is no such record in reports');
      if (report.status !== 'open') throw new AppError(409, adminMessages.reportAlreadyResolved, { field: 'status' });
      await tx
        .update(listingReports)
        .set({ status: input.status, resolvedById: ctx.actorId, resolvedAt: sql`now()` })
        .where(eq(listingReports.id, report.id));
      const removed = input.status === 'listing_removed';
      if (removed) await removeReportedListing(tx, report.listingId, ctx.actorId);
      const [listing] = await tx
        .select({ title: listings.title })
        .from(listings)
        .where(eq(listings.id, report.listingId));
      await notify(tx, [report.reporterId], notices.reportResolved(listing?.title ?? '', removed));
    },
  },
});
