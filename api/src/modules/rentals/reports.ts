import { RENTAL_OPEN_STATES, rentalMessages } from '@yardly/shared/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { rentalReports, rentals } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';

/** File a report on a rental someone else lists and anyone can open; once per person and listing. */
export async function reportRental(
  db: Db,
  caller: Caller,
  body: { refnum: string; reason: typeof rentalReports.$inferInsert.reason; details: string },
) {
  const [rental] = await db
    .select({ id: rentals.id, landlordId: rentals.landlordId })
    .from(rentals)
    .where(and(eq(rentals.refnum, body.refnum), inArray(rentals.state, [...RENTAL_OPEN_STATES])));
  if (!rental) throw AppError.notFound(rentalMessages.notFound);
  if (rental.landlordId === caller.userId) throw AppError.badRequest(rentalMessages.ownListing, 'refnum');
  const inserted = await db
    .insert(rentalReports)
    .values({ rentalId: rental.id, reporterId: caller.userId, reason: body.reason, details: body.details })
    .onConflictDoNothing()
    .returning({ id: rentalReports.id });
  if (inserted.length === 0) throw AppError.conflict(rentalMessages.alreadyReported, 'already_reported');
  return { reported: true as const };
}
