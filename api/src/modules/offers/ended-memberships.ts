import { currentListingState } from '@yardly/shared/rules';
import { and, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, offers } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { SYSTEM } from '../../process/transition';
import { takeListingEvent } from '../listings/process';
import { ENDED_MEMBERSHIPS_JOB, type EndedMembership } from '../organisation-marketplace/leaving';
import { mayTradeOn, sellerStillMember } from '../organisation-marketplace/visibility';
import { catchUpOffer, type OfferRunner, takeOfferEvent } from './process';
import { catchUpReservation } from './reservation';

/** The open offers on organisations' listings the ended membership may touch. */
function candidates(db: Db, ended: EndedMembership) {
  const whose: SQL | undefined =
    'userId' in ended
      ? or(eq(offers.buyerId, ended.userId), eq(listings.sellerId, ended.userId))
      : eq(listings.organizationId, ended.organizationId);
  return db
    .select({ offerId: offers.id })
    .from(offers)
    .innerJoin(listings, eq(listings.id, offers.listingId))
    .where(and(isNotNull(listings.organizationId), inArray(offers.state, ['pending', 'accepted']), whose));
}

/**
 * One offer, in its own transaction, its listing then itself locked (the lock order of every offer
 * step): cancelled by the platform when it is still open and its buyer or its seller is not a
 * member of the listing's organisation now. A pending offer past its 24 hours expires instead; an
 * accepted one ends its listing's reservation with it (unless the reservation lapsed first); an
 * accepted offer already paid for (the listing sold) is an order now, left to run its course.
 */
async function cancelIfEnded(tx: Db, runner: OfferRunner, offerId: number, now: Date): Promise<boolean> {
  const [found] = await tx.select({ listingId: offers.listingId }).from(offers).where(eq(offers.id, offerId));
  if (!found) return false;
  const [listing] = await tx.select().from(listings).where(eq(listings.id, found.listingId)).for('update');
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  if (!listing || !offer) return false;
  if ((await mayTradeOn(tx, listing, offer.buyerId)) && (await sellerStillMember(tx, listing))) return false;
  if (offer.state === 'pending') {
    const current = await catchUpOffer(tx, runner, offer, now);
    if (current.state !== 'pending') return false;
    await takeOfferEvent(tx, runner, current, 'cancel', null, 'system', now);
    return true;
  }
  if (offer.state !== 'accepted') return false;
  const state = currentListingState(listing.state, listing.listingEnd, now);
  if ((await catchUpReservation(tx, runner, { ...listing, state }, now)) !== 'reserved') return false;
  await takeOfferEvent(tx, runner, offer, 'cancel', null, 'system', now);
  await takeListingEvent(tx, { ...listing, state }, 'release', SYSTEM, now);
  return true;
}

/**
 * The job `organisation-marketplace/leaving.ts` queues when a membership or an organisation's
 * marketplace ends: every open offer it touches whose buyer or seller is no longer a member of
 * the listing's organisation is cancelled, both sides told (the offer's conversation line).
 */
export function endedMembershipsJob(runner: OfferRunner) {
  return defineJob<EndedMembership>({
    name: ENDED_MEMBERSHIPS_JOB,
    async run(ended, { db, now, log }) {
      let cancelled = 0;
      for (const { offerId } of await candidates(db, ended)) {
        if (await db.transaction((tx) => cancelIfEnded(tx, runner, offerId, now))) cancelled += 1;
      }
      if (cancelled > 0) log.info({ ...ended, cancelled }, 'offers of ended memberships cancelled');
    },
  });
}
