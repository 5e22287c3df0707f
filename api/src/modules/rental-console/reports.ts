import { type RentalReportRecord, rentalReportRecordSchema, reportResolutionSchema } from '@yardly/shared/contract';
import { notices } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { rentalReports, rentals, users } from '../../db/schema/index';
import { defineResource, textFilter } from '../../http/console/define-resource';
import { notify } from '../notifications/notify';
import { reportFilters, reportRecordOf, reportSortable, resolveOpenReport } from '../reports/queue';
import { removeReportedRental } from './moderation';

const reporters = alias(users, 'rental_reporter');
const landlords = alias(users, 'rental_landlord');

/**
 * The report queue for rentals, beside the item reports and worked the same way: open first,
 * resolved by removing the rental (the process's `remove`) or by taking no action; the reporter
 * is told in their rentals notifications.
 */
export function rentalReportsResource(deps: { clock: Clock }) {
  return defineResource({
    name: 'rental-reports',
    record: rentalReportRecordSchema,
    id: { column: rentalReports.id, kind: 'numeric' },
    select: (db: Db) =>
      db
        .select({
          id: rentalReports.id,
          rentalId: rentals.refnum,
          rentalTitle: rentals.title,
          rentalState: rentals.state,
          landlordEmail: landlords.email,
          reporterId: reporters.refnum,
          reporterEmail: reporters.email,
          reason: rentalReports.reason,
          details: rentalReports.details,
          status: rentalReports.status,
          createdAt: rentalReports.createdAt,
          resolvedAt: rentalReports.resolvedAt,
        })
        .from(rentalReports)
        .innerJoin(rentals, eq(rentals.id, rentalReports.rentalId))
        .innerJoin(landlords, eq(landlords.id, rentals.landlordId))
        .innerJoin(reporters, eq(reporters.id, rentalReports.reporterId)),
    sortable: reportSortable(rentalReports),
    filters: {
      ...reportFilters(rentalReports),
      rentalId: textFilter((refnum) => eq(rentals.refnum, refnum)),
    },
    toRecord: (row): RentalReportRecord => reportRecordOf(row),
    update: {
      input: reportResolutionSchema,
      async run(tx, id, input, ctx) {
        const now = deps.clock.now();
        const report = await resolveOpenReport(tx, rentalReports, 'rental-reports', id, {
          status: input.status,
          actorId: ctx.actorId,
          resolvedAt: now,
        });
        const removed = input.status === 'listing_removed';
        if (removed) await removeReportedRental(tx, report.rentalId, ctx.actorId, now);
        const [rental] = await tx.select({ title: rentals.title }).from(rentals).where(eq(rentals.id, report.rentalId));
        // The reporter reads it among their rentals notifications (/rentalsnotify).
        await notify(tx, [report.reporterId], notices.reportResolved(rental?.title ?? '', removed), null, {
          section: 'rentals',
        });
      },
    },
  });
}
