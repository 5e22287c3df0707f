import type { SellerListing } from '@yardly/shared/contract';
import { type ListingEvent, listingActionMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { type ListingRow, ownListing } from './access';
import { selectSellerCards, toSellerCard } from './cards';
import { catchUpTimers, takeListingEvent } from './process';

/**
 * One seller action on one listing: the listing is locked, an overdue expiry is taken first, and
 * the process table allows or refuses (409 with its reason) the event `choose` names; the
 * seller's card comes back.
 */
async function act(
  db: Db,
  caller: Caller,
  listingRefnum: string,
  choose: (listing: ListingRow) => ListingEvent,
  now: Date,
): Promise<SellerListing> {
  const id = await db.transaction(async (tx) => {
    const listing = await ownListing(tx, caller, listingRefnum, true);
    const state = await catchUpTimers(tx, listing, now);
    const current = { ...listing, state };
    await takeListingEvent(tx, current, choose(current), { userId: caller.userId, role: 'seller' }, now);
    return listing.id;
  });
  return sellerCard(db, id, now);
}

export async function sellerCard(db: Db, listingId: number, now: Date): Promise<SellerListing> {
  const [row] = await selectSellerCards(db, now).where(eq(listings.id, listingId));
  if (!row) throw AppError.notFound(listingActionMessages.notFound);
  return toSellerCard(row, now);
}

/** Sold; a free listing is donated (its badge said so already). */
export function markSold(db: Db, caller: Caller, listingRefnum: string, now: Date) {
  return act(db, caller, listingRefnum, (listing) => (listing.priceCents === 0 ? 'markDonated' : 'markSold'), now);
}

export function toggleActive(db: Db, caller: Caller, listingRefnum: string, now: Date) {
  return act(db, caller, listingRefnum, (listing) => (listing.state === 'paused' ? 'activate' : 'deactivate'), now);
}

/** A soft delete: the seller still sees it ('Deleted'), nobody else does. Refused while offers wait. */
export function deleteListing(db: Db, caller: Caller, listingRefnum: string, now: Date) {
  return act(db, caller, listingRefnum, () => 'delete', now);
}

/** Back on sale as if new: live, listed now, with a fresh end date. */
export function relist(db: Db, caller: Caller, listingRefnum: string, now: Date) {
  return act(db, caller, listingRefnum, () => 'relist', now);
}
