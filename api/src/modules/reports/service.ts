import type { ReportBody } from '@yardly/shared/contract';
import { listingActionMessages, reportMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listingReports, listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { visibleListing } from '../listings/visibility';
import { listingReader, openableBy } from '../organisation-marketplace/visibility';

/** File a report on a listing someone else sells and the caller can see at `now`; once per person and listing. */
export async function createReport(db: Db, caller: Caller, body: Required<ReportBody>, now: Date) {
  const reader = await listingReader(db, caller);
  const [listing] = await db
    .select({ id: listings.id, sellerId: listings.sellerId })
    .from(listings)
    .where(and(eq(listings.refnum, body.listingRefnum), visibleListing('page', 'public', now), openableBy(reader)));
  if (!listing) throw AppError.notFound(listingActionMessages.notFound);
  if (listing.sellerId === caller.userId) throw AppError.badRequest(reportMessages.ownListing, 'listingRefnum');
  const inserted = await db
    .insert(listingReports)
    .values({ listingId: listing.id, reporterId: caller.userId, reason: body.reason, details: body.details })
    .onConflictDoNothing()
    .returning({ id: listingReports.id });
  if (inserted.length === 0) throw AppError.conflict(reportMessages.alreadyReported);
  return { reported: true as const };
}
