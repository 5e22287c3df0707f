import { currentOfferState, type OfferEvent, type OfferFacts, type OfferState } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, offers } from '../../db/schema/index';
import { type BoundProcess, SYSTEM, type TimerTaking, type Transition, transition } from '../../process/transition';

export type OfferRow = typeof offers.$inferSelect;

export type OfferRunner = BoundProcess<
  OfferState,
  OfferEvent,
  'receiver' | 'sender' | 'unpaid' | 'liker',
  OfferFacts,
  typeof offers
>;

/**
 * How the platform takes an offer's timers (its 24-hour expiry, an accepted offer's payment
 * window): ADR 0014. The listing is locked before the offer, as every offer step locks them.
 */
export const offerTimerTaking: TimerTaking<OfferState, OfferEvent, OfferFacts, typeof offers> = {
  async facts(tx, offer) {
    const [listing] = await tx.select({ state: listings.state }).from(listings).where(eq(listings.id, offer.listingId));
    return { isSender: false, isReceiver: false, listingReserved: listing?.state === 'reserved' };
  },
  set: (_offer, _event, _started, now) => ({ updatedAt: now }),
  async load(tx, id) {
    const [found] = await tx.select({ listingId: offers.listingId }).from(offers).where(eq(offers.id, id));
    if (!found) return undefined;
    await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, found.listingId)).for('update');
    const [offer] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
    return offer;
  },
};

/** Where `userId` stands in an offer: its sender, or the party it was made to. */
export function factsFor(offer: Pick<OfferRow, 'senderId'>, userId: number): OfferFacts {
  return { isSender: offer.senderId === userId, isReceiver: offer.senderId !== userId };
}

/**
 * An offer whose 24 hours are up takes its expiry now, before anyone acts on it (the job may not
 * have run yet). Returns the offer as it is afterwards.
 */
export async function catchUpOffer(tx: Db, runner: OfferRunner, offer: OfferRow, now: Date): Promise<OfferRow> {
  if (currentOfferState(offer.state, offer.expiresAt, now) === offer.state) return offer;
  const done = await takeOfferEvent(tx, runner, offer, 'expire', SYSTEM.userId, 'system', now);
  return { ...offer, state: done.to, updatedAt: now };
}

/** Takes `event` on an offer its caller has locked (through its listing). */
export function takeOfferEvent(
  tx: Db,
  runner: OfferRunner,
  offer: OfferRow,
  event: OfferEvent,
  userId: number | null,
  role: 'buyer' | 'seller' | 'system',
  now: Date,
): Promise<Transition<OfferState, OfferEvent>> {
  const facts = userId === null ? { isSender: false, isReceiver: false } : factsFor(offer, userId);
  return transition(tx, runner, offer, event, { userId, role }, { facts, set: () => ({ updatedAt: now }), now });
}
