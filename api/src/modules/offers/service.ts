import type { Offer } from '@yardly/shared/contract';
import {
  currentListingState,
  type ListingState,
  listingClosedToOffers,
  listingProcess,
  type OfferEvent,
  type OfferFacts,
  offerAbovePriceMessage,
  offerMessages,
  offerThreadKey,
  takesOffers,
} from '@yardly/shared/rules';
import { and, eq, ne, or } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { listings, offers, offerThreads, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { SYSTEM, start } from '../../process/transition';
import type { ListingRow } from '../listings/access';
import { acceptedAndHolding } from '../listings/offers-check';
import { catchUpTimers, takeListingEvent } from '../listings/process';
import { mayTradeOn, sellerStillMember } from '../organisation-marketplace/visibility';
import { catchUpOffer, type OfferRunner, takeOfferEvent } from './process';
import { closeOffersOfEndedSales } from './sale-ended';
import { offerById } from './view';

export interface OfferDeps {
  db: Db;
  clock: Clock;
  runner: OfferRunner;
}

type Party = 'buyer' | 'seller';
type Thread = typeof offerThreads.$inferSelect;

/** The listing is locked first by every offer transition: one lock order, and one accept per listing at a time. */
export async function lockListing(tx: Db, where: ReturnType<typeof eq>): Promise<ListingRow | undefined> {
  const [row] = await tx.select().from(listings).where(where).for('update');
  return row;
}

/**
 * Refuses (409, the listing's reason) unless the listing, as it is now, takes offers: a listing
 * saved as 'Buy Now' never does (issue 33), whatever its state.
 */
export async function assertTakesOffers(tx: Db, listing: ListingRow, now: Date): Promise<void> {
  if (listing.buyNow) throw AppError.conflict(offerMessages.buyNowOnly, 'buy_now_only');
  const state = await catchUpTimers(tx, listing, now);
  if (!takesOffers(state)) {
    const closed = state as Exclude<ListingState, 'live'>;
    throw AppError.conflict(listingClosedToOffers[closed], listingProcess.states[state].refusal);
  }
}

/** An offer is at most the listing's price (at that price the buyer can simply buy it). */
function assertAtMostListingPrice(listing: ListingRow, offerPrice: number): void {
  if (offerPrice > listing.priceCents) {
    throw new AppError(400, offerAbovePriceMessage(listing.priceCents), {
      field: 'offerPrice',
      reason: 'above_listing_price',
    });
  }
}

/**
 * An offer, its thread and the caller's part in it, with its listing then the offer itself locked
 * for the rest of the transaction: 404 when there is no such offer, 403 for anyone but its buyer
 * and seller. An offer whose 24 hours are up is expired first.
 */
async function lockOffer(tx: Db, runner: OfferRunner, caller: Caller, offerRefnum: string, now: Date) {
  const [found] = await tx.select({ listingId: offers.listingId }).from(offers).where(eq(offers.refnum, offerRefnum));
  if (!found) throw AppError.notFound(offerMessages.notFound);
  const listing = await lockListing(tx, eq(listings.id, found.listingId));
  const [offer] = await tx.select().from(offers).where(eq(offers.refnum, offerRefnum)).for('update');
  const [thread] = offer ? await tx.select().from(offerThreads).where(eq(offerThreads.id, offer.threadId)) : [];
  if (!listing || !offer || !thread) throw AppError.notFound(offerMessages.notFound);
  const party: Party | null =
    caller.userId === thread.sellerId ? 'seller' : caller.userId === thread.buyerId ? 'buyer' : null;
  if (!party) throw AppError.forbidden(offerMessages.notYours);
  // On an organisation's listing, an offer lives while both its parties are members: one who
  // left has ended it (the platform cancels it: organisation-marketplace/leaving.ts).
  if (!(await mayTradeOn(tx, listing, thread.buyerId)) || !(await sellerStillMember(tx, listing)))
    throw AppError.notFound(offerMessages.notFound);
  return { listing, thread, party, offer: await catchUpOffer(tx, runner, offer, now) };
}

async function touchThread(tx: Db, threadId: number, now: Date): Promise<void> {
  await tx.update(offerThreads).set({ updatedAt: now }).where(eq(offerThreads.id, threadId));
}

/**
 * Makes a pending offer in `thread` from `senderId` (a first offer, or a counter of `parentId`),
 * by `make` unless another entry event of the table is named (a seller's `offerToLiker`).
 */
export async function makeOffer(
  tx: Db,
  runner: OfferRunner,
  thread: Thread,
  offer: { senderId: number; party: Party; priceCents: number; parentId: number | null },
  now: Date,
  entry: { event: OfferEvent; facts: OfferFacts } = { event: 'make', facts: { isSender: true, isReceiver: false } },
) {
  const made = await start(
    tx,
    runner,
    entry.event,
    { userId: offer.senderId, role: offer.party },
    {
      facts: entry.facts,
      values: (timers) => ({
        refnum: newRefnum('offer'),
        threadId: thread.id,
        listingId: thread.listingId,
        buyerId: thread.buyerId,
        senderId: offer.senderId,
        parentId: offer.parentId,
        priceCents: offer.priceCents,
        expiresAt: timers.find((timer) => timer.event === 'expire')?.at ?? now,
        createdAt: now,
        updatedAt: now,
      }),
      now,
    },
  );
  await touchThread(tx, thread.id, now);
  return made.subjectId;
}

/** The buyer's thread on a listing, made on their first offer, locked for the transaction. */
export async function lockThread(
  tx: Db,
  listing: ListingRow,
  caller: Pick<Caller, 'userId' | 'userRefnum'>,
  now: Date,
): Promise<Thread> {
  const [seller] = await tx.select({ refnum: users.refnum }).from(users).where(eq(users.id, listing.sellerId));
  await tx
    .insert(offerThreads)
    .values({
      key: offerThreadKey(listing.refnum, caller.userRefnum, seller?.refnum ?? ''),
      listingId: listing.id,
      buyerId: caller.userId,
      sellerId: listing.sellerId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [offerThreads.listingId, offerThreads.buyerId] });
  const [thread] = await tx
    .select()
    .from(offerThreads)
    .where(and(eq(offerThreads.listingId, listing.id), eq(offerThreads.buyerId, caller.userId)))
    .for('update');
  if (!thread) throw new Error('the offer thread was not made');
  return thread;
}

/** Whether the thread has an offer still open: pending (not past its expiry) or accepted and holding the listing. */
export async function hasOpenOffer(tx: Db, runner: OfferRunner, thread: Thread, now: Date): Promise<boolean> {
  const open = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.threadId, thread.id), or(eq(offers.state, 'pending'), acceptedAndHolding)))
    .for('update');
  for (const offer of open) {
    if ((await catchUpOffer(tx, runner, offer, now)).state !== 'expired') return true;
  }
  return false;
}

/** Refuses (409) while the thread has an offer still open. */
async function assertNoOpenOffer(tx: Db, runner: OfferRunner, thread: Thread, now: Date): Promise<void> {
  if (await hasOpenOffer(tx, runner, thread, now))
    throw AppError.conflict(offerMessages.alreadyOffered, 'already_offered');
}

export function createOfferService({ db, clock, runner }: OfferDeps) {
  return {
    /** A buyer's offer on someone else's active listing: pending for 24 hours. */
    async create(caller: Caller, input: { listingRefnum: string; offerPrice: number }) {
      const now = clock.now();
      const offerId = await db.transaction(async (tx) => {
        const listing = await lockListing(tx, eq(listings.refnum, input.listingRefnum));
        // An organisation's listing is offered on by its members only: for anyone else it does not exist.
        if (!listing || listing.state === 'draft' || !(await mayTradeOn(tx, listing, caller.userId)))
          throw AppError.notFound(offerMessages.listingNotFound);
        if (listing.sellerId === caller.userId)
          throw new AppError(403, offerMessages.ownListing, { reason: 'own_listing' });
        if (!(await sellerStillMember(tx, listing)))
          throw AppError.conflict(offerMessages.listingNotFound, 'seller_not_member');
        await assertTakesOffers(tx, listing, now);
        assertAtMostListingPrice(listing, input.offerPrice);
        const thread = await lockThread(tx, listing, caller, now);
        await assertNoOpenOffer(tx, runner, thread, now);
        return makeOffer(
          tx,
          runner,
          thread,
          { senderId: caller.userId, party: 'buyer', priceCents: input.offerPrice, parentId: null },
          now,
        );
      });
      const { offerRefnum, threadKey, offerStatus, offerPrice, expiresAt } = await offerById(
        db,
        offerId,
        now,
        caller.userId,
      );
      return { offerRefnum, threadKey, offerStatus, offerPrice, expiresAt };
    },

    /** The receiver of a pending offer counters it: it is countered, the counter a new pending offer. */
    async counter(caller: Caller, input: { offerRefnum: string; offerPrice: number }): Promise<Offer> {
      const now = clock.now();
      const counterId = await db.transaction(async (tx) => {
        const { listing, thread, party, offer } = await lockOffer(tx, runner, caller, input.offerRefnum, now);
        await takeOfferEvent(tx, runner, offer, 'counter', caller.userId, party, now);
        await assertTakesOffers(tx, listing, now);
        assertAtMostListingPrice(listing, input.offerPrice);
        return makeOffer(
          tx,
          runner,
          thread,
          { senderId: caller.userId, party, priceCents: input.offerPrice, parentId: offer.id },
          now,
        );
      });
      return offerById(db, counterId, now, caller.userId);
    },

    /**
     * The receiver accepts a pending offer: the listing is reserved for its buyer and every other
     * open offer on it is declined, in one transaction. The checkout issue continues from the
     * accepted offer (an order names its offerRefnum) in the same way.
     */
    async accept(caller: Caller, input: { offerRefnum: string }): Promise<Offer> {
      const now = clock.now();
      const offerId = await db.transaction(async (tx) => {
        const { listing, party, offer } = await lockOffer(tx, runner, caller, input.offerRefnum, now);
        await closeOffersOfEndedSales(tx, runner, listing, offer.id, now);
        await takeOfferEvent(tx, runner, offer, 'accept', caller.userId, party, now);
        await assertTakesOffers(tx, listing, now);
        await takeListingEvent(
          tx,
          { ...listing, state: currentListingState(listing.state, listing.listingEnd, now) },
          'reserve',
          SYSTEM,
          now,
        );
        await touchThread(tx, offer.threadId, now);
        await declineOthers(tx, runner, listing.id, offer.id, now);
        return offer.id;
      });
      return offerById(db, offerId, now, caller.userId);
    },

    /** Its receiver declines a pending offer; its sender withdraws it (cancelled). */
    async decline(caller: Caller, input: { offerRefnum: string }): Promise<Offer> {
      const now = clock.now();
      const offerId = await db.transaction(async (tx) => {
        const { party, offer } = await lockOffer(tx, runner, caller, input.offerRefnum, now);
        const event: OfferEvent = offer.senderId === caller.userId ? 'withdraw' : 'decline';
        await takeOfferEvent(tx, runner, offer, event, caller.userId, party, now);
        await touchThread(tx, offer.threadId, now);
        return offer.id;
      });
      return offerById(db, offerId, now, caller.userId);
    },
  };
}

export type OfferService = ReturnType<typeof createOfferService>;

/** Every other open offer on a listing whose offer was accepted is declined (or expired, when its time is up). */
async function declineOthers(tx: Db, runner: OfferRunner, listingId: number, acceptedId: number, now: Date) {
  const others = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.listingId, listingId), eq(offers.state, 'pending'), ne(offers.id, acceptedId)))
    .for('update');
  for (const other of others) {
    const current = await catchUpOffer(tx, runner, other, now);
    if (current.state === 'pending') await takeOfferEvent(tx, runner, current, 'supersede', null, 'system', now);
    await touchThread(tx, other.threadId, now);
  }
}
