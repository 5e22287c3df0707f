import type { SellerListing } from '@yardly/shared/contract';
import { listingActionMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { type ListingRow, ownListing } from './access';
import { selectSellerCards, toSellerCard } from './cards';
import { freshListingEnd } from './create';
import { countActiveOffers } from './offers-check';

type Change = Partial<typeof listings.$inferInsert>;

/**
 * One seller action on one listing: the listing is locked, `decide` refuses (throws) or says
 * what changes, and the seller's card comes back.
 */
async function act(
  db: Db,
  caller: Caller,
  listingRefnum: string,
  decide: (listing: ListingRow, tx: Db) => Promise<Change> | Change,
): Promise<SellerListing> {
  const id = await db.transaction(async (tx) => {
    const listing = await ownListing(tx, caller, listingRefnum, true);
    const change = await decide(listing, tx);
    await tx
      .update(listings)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(listings.id, listing.id));
    return listing.id;
  });
  return sellerCard(db, id);
}

export async function sellerCard(db: Db, listingId: number): Promise<SellerListing> {
  const [row] = await selectSellerCards(db).where(eq(listings.id, listingId));
  if (!row) throw AppError.notFound(listingActionMessages.notFound);
  return toSellerCard(row);
}

function isExpired(listing: ListingRow, now = Date.now()): boolean {
  return listing.listingEnd !== null && new Date(listing.listingEnd).getTime() <= now;
}

/** Deleted and draft listings take no seller action but editing and publishing. */
function assertPublished(listing: ListingRow): void {
  if (listing.deletedAt) throw AppError.conflict(listingActionMessages.deleted);
  if (listing.status === 'draft') throw AppError.conflict(listingActionMessages.isDraft);
}

export function markSold(db: Db, caller: Caller, listingRefnum: string) {
  return act(db, caller, listingRefnum, (listing) => {
    assertPublished(listing);
    if (listing.saleType !== 0) throw AppError.conflict(listingActionMessages.alreadySold);
    return { saleType: 1 };
  });
}

export function toggleActive(db: Db, caller: Caller, listingRefnum: string) {
  return act(db, caller, listingRefnum, (listing) => {
    assertPublished(listing);
    if (listing.saleType !== 0 || (listing.status !== 'active' && listing.status !== 'inactive')) {
      throw AppError.conflict(listingActionMessages.cannotToggle);
    }
    return { status: listing.status === 'active' ? 'inactive' : 'active' };
  });
}

/** A soft delete: the seller still sees it ('Deleted'), nobody else does. Refused while offers wait. */
export function deleteListing(db: Db, caller: Caller, listingRefnum: string) {
  return act(db, caller, listingRefnum, async (listing, tx) => {
    if (listing.deletedAt) throw AppError.conflict(listingActionMessages.deleted);
    if ((await countActiveOffers(tx, listing.id)) > 0) throw AppError.conflict(listingActionMessages.hasActiveOffers);
    return { deletedAt: new Date() };
  });
}

/** Back on sale as if new: unsold, active, listed now, with a fresh end date. */
export function relist(db: Db, caller: Caller, listingRefnum: string) {
  return act(db, caller, listingRefnum, (listing) => {
    assertPublished(listing);
    if (!isExpired(listing) && listing.saleType === 0 && listing.status === 'active') {
      throw AppError.conflict(listingActionMessages.cannotRelist);
    }
    const now = new Date();
    return { saleType: 0, status: 'active', createdAt: now, listingEnd: freshListingEnd(now.getTime()) };
  });
}
