import { adminMessages, type ReportRecord, reportRecordSchema, reportResolutionSchema } from '@yardly/shared/contract';
import { notices } from '@yardly/shared/rules';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { listingReports, listings, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { removeReportedListing } from '../listings/moderation';
import { notify } from './notify';
import { filterText, type ListParams, numericId, pageRows, type ResourceDef } from './rest-adapter';

type Input = z.output<typeof reportResolutionSchema>;

const fields = {
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
};
const SORTABLE = {
  id: listingReports.id,
  createdAt: listingReports.createdAt,
  status: listingReports.status,
  reason: listingReports.reason,
  resolvedAt: listingReports.resolvedAt,
};

function select(db: Db) {
  return db
    .select(fields)
    .from(listingReports)
    .innerJoin(listings, eq(listings.id, listingReports.listingId))
    .innerJoin(users, eq(users.id, listingReports.reporterId));
}

function toRecord(row: Awaited<ReturnType<typeof select>>[number]): ReportRecord {
  return { ...row, createdAt: row.createdAt.toISOString(), resolvedAt: row.resolvedAt?.toISOString() ?? null };
}

async function oneReport(db: Db, id: string | number) {
  const [row] = await select(db).where(eq(listingReports.id, Number(id)));
  return row ? toRecord(row) : undefined;
}

/** The report queue: open reports, resolved by removing the listing or taking no action. */
export const reportsResource: ResourceDef<ReportRecord, Input> = {
  name: 'reports',
  record: reportRecordSchema,
  parseId: numericId,
  async list(db: Db, p: ListParams) {
    const where: (SQL | undefined)[] = [];
    const status = filterText(p, 'status');
    if (status === 'resolved') where.push(sql`${listingReports.status} <> 'open'`);
    else if (status) where.push(sql`${listingReports.status}::text = ${status}`);
    const reason = filterText(p, 'reason');
    if (reason) where.push(sql`${listingReports.reason}::text = ${reason}`);
    const listing = filterText(p, 'listingId');
    if (listing) where.push(eq(listings.refnum, listing));
    if (p.ids) where.push(inArray(listingReports.id, p.ids.map(Number).filter(Number.isInteger)));
    const { rows, total } = await pageRows(db, p, {
      query: select(db).$dynamic(),
      where,
      sortable: SORTABLE,
      tiebreak: listingReports.id,
    });
    return { rows: rows.map(toRecord), total };
  },
  one: oneReport,
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
      const record = await oneReport(tx, report.id);
      if (!record) throw new Error('report vanished');
      return record;
    },
  },
};
