import { listingActionMessages, tradeRefusal } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';

export type ListingRow = typeof listings.$inferSelect;

/**
 * Refuses a caller who may not create listings (spec sections 2 and 4): a progressive account
 * that is not profession-verified, and members of an IN_REVIEW or REJECTED organisation, who
 * are told their organisation's status.
 */
export function assertMaySell(caller: Caller): void {
  if (caller.isProgressive && !caller.isProfessionVerified) throw AppError.forbidden(listingActionMessages.progressive);
  const refusal = tradeRefusal(caller.companyStatus);
  if (refusal) throw AppError.forbidden(refusal);
}

/**
 * The caller's own listing, locked for the rest of the transaction when `lock` is set: 404 when
 * there is none, 403 when it is someone else's.
 */
export async function ownListing(db: Db, caller: Caller, listingRefnum: string, lock = false): Promise<ListingRow> {
  const query = db.select().from(listings).where(eq(listings.refnum, listingRefnum));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(listingActionMessages.notFound);
  if (row.sellerId !== caller.userId) throw AppError.forbidden(listingActionMessages.notYours);
  return row;
}
