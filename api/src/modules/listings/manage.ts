import type { SellerListing } from '@yardly/shared/contract';
import { type ListingEvent, listingActionMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { deleteFilesUnlessShown } from '../drafts/forms';
import type { FileStore } from '../files/file-store';
import { type ListingRow, ownListing } from './access';
import { selectSellerCards, toSellerCard } from './cards';
import { listingForm } from './drafts';
import { releaseDeletedListingPhotos } from './photo-files';
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
  /** More the event writes, in its transaction. */
  also?: (tx: Db, listingId: number) => Promise<void>,
): Promise<SellerListing> {
  const id = await db.transaction(async (tx) => {
    const listing = await ownListing(tx, caller, listingRefnum, true);
    const state = await catchUpTimers(tx, listing, now);
    const current = { ...listing, state };
    await takeListingEvent(tx, current, choose(current), { userId: caller.userId, role: 'seller' }, now);
    await also?.(tx, listing.id);
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

/**
 * A soft delete: the seller still sees it ('Deleted'), nobody else does. Refused while offers
 * wait. Its photos go with it (their files once the delete is in), unless an order keeps the sale
 * or donation on record (photo-files.ts).
 */
export async function deleteListing(db: Db, files: FileStore, caller: Caller, listingRefnum: string, now: Date) {
  let released: string[] = [];
  const card = await act(
    db,
    caller,
    listingRefnum,
    () => 'delete',
    now,
    async (tx, listingId) => {
      released = await releaseDeletedListingPhotos(tx, listingId);
    },
  );
  await deleteFilesUnlessShown(db, listingForm, files, released);
  return card;
}

/** Back on sale as if new: live, listed now, with a fresh end date. */
export function relist(db: Db, caller: Caller, listingRefnum: string, now: Date) {
  return act(db, caller, listingRefnum, () => 'relist', now);
}
