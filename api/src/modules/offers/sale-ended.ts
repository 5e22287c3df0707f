import type { ListingState, OrderEvent, OrderState } from '@yardly/shared/rules';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { offers, orderLineItems } from '../../db/schema/index';
import { SYSTEM, type Transition } from '../../process/transition';
import { type OfferRow, type OfferRunner, takeOfferEvent } from './process';

/** The listing states an accepted offer holds: reserved for its buyer, or sold at it. */
export const HELD_BY_ACCEPTED_OFFER: readonly ListingState[] = ['reserved', 'sold'];

const ENDED: readonly OrderState[] = ['cancelled', 'returned'];

/**
 * Subscribed to the order's transitions: an order paid at an accepted offer that is cancelled or
 * returned ends that sale, and the offer closes in the same transaction (its buyer may offer
 * again, and once the listing is back on sale another offer may be accepted).
 */
export function closeOfferOfEndedOrder(runner: OfferRunner) {
  return async function closeOfferOfEndedOrder(tx: Db, done: Transition<OrderState, OrderEvent>): Promise<void> {
    if (!ENDED.includes(done.to)) return;
    const [offer] = await tx
      .select({ offer: offers })
      .from(orderLineItems)
      .innerJoin(offers, eq(offers.id, orderLineItems.offerId))
      .where(and(eq(orderLineItems.orderId, done.subjectId), eq(offers.state, 'accepted')))
      .for('update', { of: offers });
    if (offer) await takeOfferEvent(tx, runner, offer.offer, 'close', SYSTEM.userId, 'system', done.at);
  };
}

/**
 * Before an offer on `listing` is accepted (the caller holds the listing's lock and it is on sale):
 * an accepted offer still on it is one whose sale ended out of the order's sight (the sold item was
 * relisted, or a moderator removed and restored it), and it closes now, so one offer holds a
 * listing at a time.
 */
export async function closeOffersOfEndedSales(
  tx: Db,
  runner: OfferRunner,
  listing: { id: number; state: ListingState },
  acceptingId: number,
  now: Date,
): Promise<void> {
  if (HELD_BY_ACCEPTED_OFFER.includes(listing.state)) return;
  const stale: OfferRow[] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.listingId, listing.id), eq(offers.state, 'accepted'), ne(offers.id, acceptingId)))
    .for('update');
  for (const offer of stale) await takeOfferEvent(tx, runner, offer, 'close', SYSTEM.userId, 'system', now);
}
