import { type ListingState, OFFER_PAYMENT_HOURS, type OfferEvent, type OfferState } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, offers } from '../../db/schema/index';
import { type Effect, SYSTEM } from '../../process/transition';
import type { ListingRow } from '../listings/access';
import { catchUpTimers, takeListingEvent } from '../listings/process';
import { type OfferRunner, takeOfferEvent } from './process';

const PAYMENT_WINDOW_MS = OFFER_PAYMENT_HOURS * 3_600_000;

/**
 * The named effect `releaseReservation` of an accepted offer's lapse (offer-process.ts): its
 * buyer did not pay within 24 hours, so the listing reserved for them is on sale again (both
 * parties are told through the offer's conversation line). A listing that moved on meanwhile (a
 * moderator removed it) stays as it is. Locks the listing (the offer's timer job already has).
 */
export const releaseReservation: Effect<OfferState, OfferEvent> = async (tx, done) => {
  const [offer] = await tx.select({ listingId: offers.listingId }).from(offers).where(eq(offers.id, done.subjectId));
  if (!offer) return;
  const [listing] = await tx.select().from(listings).where(eq(listings.id, offer.listingId)).for('update');
  if (listing?.state === 'reserved') await takeListingEvent(tx, listing, 'release', SYSTEM, done.at);
};

/**
 * A reserved listing whose accepted offer went unpaid for 24 hours is on sale again (issue 18),
 * taken by every checkout read before the offer's timer job has run, so nobody pays for, or is
 * refused by, a reservation past its time: the offer lapses (its effect releases the listing), or
 * a reservation with no accepted offer left is released. The caller holds the listing's lock. An
 * accepted offer's `updatedAt` is when it was accepted (nothing else writes an accepted offer).
 * Returns the listing's state afterwards.
 */
export async function catchUpReservation(
  tx: Db,
  runner: OfferRunner,
  listing: Pick<ListingRow, 'id' | 'state' | 'listingEnd' | 'priceCents'>,
  now: Date,
): Promise<ListingState> {
  if (listing.state !== 'reserved') return listing.state;
  const [accepted] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.listingId, listing.id), eq(offers.state, 'accepted')))
    .for('update');
  if (accepted && accepted.updatedAt.getTime() + PAYMENT_WINDOW_MS > now.getTime()) return listing.state;
  if (!accepted) return (await takeListingEvent(tx, listing, 'release', SYSTEM, now)).to;
  await takeOfferEvent(tx, runner, accepted, 'lapse', null, 'system', now);
  const [released] = await tx.select({ state: listings.state }).from(listings).where(eq(listings.id, listing.id));
  return released?.state ?? listing.state;
}

/**
 * Catches up a listing's timers (its expiry, an unpaid reservation) in a transaction of their
 * own, so that they stay taken even when the request that noticed them is then refused.
 */
export async function catchUpListing(db: Db, runner: OfferRunner, listingId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
    if (!listing) return;
    const state = await catchUpTimers(tx, listing, now);
    await catchUpReservation(tx, runner, { ...listing, state }, now);
  });
}
