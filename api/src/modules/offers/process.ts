import {
  currentOfferState,
  type OfferEvent,
  type OfferFacts,
  type OfferState,
  offerProcess,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { offers } from '../../db/schema/index';
import type { Jobs } from '../../jobs/runner';
import { queueTimers } from '../../process/timers';
import { type BoundProcess, type Effect, SYSTEM, type Transition, transition } from '../../process/transition';

export type OfferRow = typeof offers.$inferSelect;

/** The one-shot job that fires an offer's expiry timer (expiry-job.ts). */
export const OFFER_EXPIRY_JOB = 'offers.expire';
/** The one-shot job that lapses an accepted offer left unpaid (the orders module's reservation-lapse-job.ts). */
export const OFFER_LAPSE_JOB = 'offers.lapse-reservation';
export type OfferRunner = BoundProcess<OfferState, OfferEvent, 'receiver' | 'sender', OfferFacts, typeof offers>;

/**
 * An offer event that starts a timer queues its one-shot job in the same transaction (making an
 * offer starts its 24-hour expiry, accepting it the 24 hours its buyer has to pay).
 */
export function offerTimers(jobs: Jobs): Effect<OfferState, OfferEvent> {
  return queueTimers<OfferState, OfferEvent>(jobs, offerProcess, {
    expire: { job: OFFER_EXPIRY_JOB, payload: (offerId) => ({ offerId }), key: (id) => `offer:${id}` },
    // An accepted offer's payment window has its own job: its expiry job may still be queued under `offer:`.
    lapse: { job: OFFER_LAPSE_JOB, payload: (offerId) => ({ offerId }), key: (id) => `reservation:${id}` },
  });
}

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

/**
 * The job an offer's expiry timer runs: it re-reads the offer (locked) and expires it only when it
 * is still pending and due, so an offer answered in time is left alone (CONVENTIONS #11).
 */
export async function fireOfferTimer(
  tx: Db,
  runner: OfferRunner,
  offerId: number,
  now: Date,
): Promise<OfferState | null> {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  if (!offer) return null;
  return (await catchUpOffer(tx, runner, offer, now)).state;
}
