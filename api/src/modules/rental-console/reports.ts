import {
  adminMessages,
  type RentalReportRecord,
  rentalReportRecordSchema,
  reportResolutionSchema,
} from '@yardly/shared/contract';
import { notices } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { notifications, rentalReports, rentals, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { defineResource, textFilter } from '../admin/define-resource';
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
    sortable: {
      id: rentalReports.id,
      createdAt: rentalReports.createdAt,
      // The enum's order: open before the resolved ones.
      status: rentalReports.status,
      reason: rentalReports.reason,
      resolvedAt: rentalReports.resolvedAt,
    },
    filters: {
      status: textFilter((status) =>
        status === 'resolved' ? sql`${rentalReports.status} <> 'open'` : sql`${rentalReports.status}::text = ${status}`,
      ),
      reason: textFilter((reason) => sql`${rentalReports.reason}::text = ${reason}`),
      rentalId: textFilter((refnum) => eq(rentals.refnum, refnum)),
    },
    toRecord: (row): RentalReportRecord => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    }),
    update: {
      input: reportResolutionSchema,
      async run(tx, id, input, ctx) {
        const [report] = await tx
          .select()
          .from(rentalReports)
          .where(eq(rentalReports.id, Number(id)))
          .for('update');
        if (!report) throw AppError.notFound('There is no such record in rental-reports');
        if (report.status !== 'open') throw new AppError(409, adminMessages.reportAlreadyResolved, { field: 'status' });
        const now = deps.clock.now();
        await tx
          .update(rentalReports)
          .set({ status: input.status, resolvedById: ctx.actorId, resolvedAt: now })
          .where(eq(rentalReports.id, report.id));
        const removed = input.status === 'listing_removed';
        if (removed) await removeReportedRental(tx, report.rentalId, ctx.actorId, now);
        const [rental] = await tx.select({ title: rentals.title }).from(rentals).where(eq(rentals.id, report.rentalId));
        // The reporter reads it among their rentals notifications (/rentalsnotify).
        await tx.insert(notifications).values({
          userId: report.reporterId,
          text: notices.reportResolved(rental?.title ?? '', removed),
          link: null,
          section: 'rentals',
          createdAt: now,
        });
      },
    },
  });
}
