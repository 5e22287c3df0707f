import { type ListingState, OFFER_PAYMENT_HOURS } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, offers } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { SYSTEM } from '../../process/transition';
import type { ListingRow } from '../listings/access';
import { catchUpTimers, takeListingEvent } from '../listings/process';
import { OFFER_LAPSE_JOB, type OfferRunner, takeOfferEvent } from './process';

const PAYMENT_WINDOW_MS = OFFER_PAYMENT_HOURS * 3_600_000;

/**
 * A reserved listing whose accepted offer went unpaid for 24 hours is on sale again (issue 18):
 * the offer lapses (both parties are told through its conversation line) and the listing is
 * released. The caller holds the listing's lock. Taken by the timer's job and by every checkout
 * read, so nobody pays for, or is refused by, a reservation past its time. An accepted offer's
 * `updatedAt` is when it was accepted (nothing else writes an accepted offer). Returns the
 * listing's state afterwards.
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
  if (accepted) await takeOfferEvent(tx, runner, accepted, 'lapse', null, 'system', now);
  return (await takeListingEvent(tx, listing, 'release', SYSTEM, now)).to;
}

/** The job of an accepted offer's payment window: re-reads the listing (locked) and lapses it only when still due. */
export function reservationLapseJob(runner: OfferRunner) {
  return defineJob<{ offerId: number }>({
    name: OFFER_LAPSE_JOB,
    async run({ offerId }, { db, now }) {
      await db.transaction(async (tx) => {
        const [offer] = await tx.select({ listingId: offers.listingId }).from(offers).where(eq(offers.id, offerId));
        if (!offer) return;
        const [listing] = await tx.select().from(listings).where(eq(listings.id, offer.listingId)).for('update');
        if (listing) await catchUpReservation(tx, runner, listing, now);
      });
    },
  });
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
