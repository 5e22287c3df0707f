import type { ListingEvent, ListingState } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import { catchUpTimers, takeListingEvent } from './process';

/**
 * A moderator takes `event` on a listing (locked, overdue timers first), through the process
 * table like any seller action: what the table refuses is a 409 with its reason.
 */
export async function moderateListing(
  tx: Db,
  listingId: number,
  event: ListingEvent,
  adminId: number,
  now: Date,
): Promise<ListingState> {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
  if (!listing) throw AppError.notFound('There is no such record in listings');
  const state = await catchUpTimers(tx, listing, now);
  return (await takeListingEvent(tx, { ...listing, state }, event, { userId: adminId, role: 'admin' }, now)).to;
}

/** Removed by a moderator: hidden everywhere and off the home page (a 409 when already deleted). */
export async function removeListing(tx: Db, listingId: number, adminId: number, now: Date): Promise<void> {
  await moderateListing(tx, listingId, 'remove', adminId, now);
  await tx.update(listings).set({ featured: false }).where(eq(listings.id, listingId));
}

/** A report upheld: the listing is removed unless its seller or a moderator already deleted it. */
export async function removeReportedListing(tx: Db, listingId: number, adminId: number, now: Date): Promise<void> {
  const [listing] = await tx.select({ state: listings.state }).from(listings).where(eq(listings.id, listingId));
  if (listing && listing.state !== 'deleted') await removeListing(tx, listingId, adminId, now);
}
