import { type ReportRecord, reportRecordSchema, reportResolutionSchema } from '@yardly/shared/contract';
import { notices } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { listingReports, listings, users } from '../../db/schema/index';
import { defineResource, textFilter } from '../../http/console/define-resource';
import { removeReportedListing } from '../listings/moderation';
import { notify } from '../notifications/notify';
import { reportFilters, reportRecordOf, reportSortable, resolveOpenReport } from './queue';

/** The report queue: open reports, resolved (at the clock's now) by removing the listing or taking no action. */
export const reportsResource = ({ clock }: { clock: Clock }) =>
  defineResource({
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
    sortable: reportSortable(listingReports),
    filters: {
      ...reportFilters(listingReports),
      listingId: textFilter((refnum) => eq(listings.refnum, refnum)),
    },
    toRecord: (row): ReportRecord => reportRecordOf(row),
    update: {
      input: reportResolutionSchema,
      async run(tx, id, input, ctx) {
        const now = clock.now();
        const report = await resolveOpenReport(tx, listingReports, 'reports', id, {
          status: input.status,
          actorId: ctx.actorId,
          resolvedAt: now,
        });
        const removed = input.status === 'listing_removed';
        if (removed) await removeReportedListing(tx, report.listingId, ctx.actorId, now);
        const [listing] = await tx
          .select({ title: listings.title })
          .from(listings)
          .where(eq(listings.id, report.listingId));
        await notify(tx, [report.reporterId], notices.reportResolved(listing?.title ?? '', removed));
      },
    },
  });
