import type { ListingLikers } from '@yardly/shared/contract';
import {
  OFFER_TO_LIKERS_EVERY_HOURS,
  offerMessages,
  offerToLikersMessages,
  offerToLikersNotBelowMessage,
  publicName,
} from '@yardly/shared/rules';
import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { favourites, listings, offers, transitions, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { ListingRow } from '../listings/access';
import type { LineNotice } from '../messages/line-notices';
import { mayTradeOn, openableByCaller, sellerStillMember } from '../organisation-marketplace/visibility';
import type { OfferRunner } from './process';
import { assertTakesOffers, hasOpenOffer, lockListing, lockThread, makeOffer } from './service';

/** The table's event a seller's offer to one liker is made by (offer-process.ts). */
const OFFER_TO_LIKER = 'offerToLiker';
const EVERY_MS = OFFER_TO_LIKERS_EVERY_HOURS * 3_600_000;

/**
 * The listing the caller asks about, for its seller only: 404 when it does not exist (or the
 * caller may not open it), 403 for anyone but its seller.
 */
async function sellersListing(tx: Db, caller: Caller, listingRefnum: string, lock: boolean): Promise<ListingRow> {
  const [found] = await tx
    .select({ id: listings.id, sellerId: listings.sellerId })
    .from(listings)
    .where(and(eq(listings.refnum, listingRefnum), openableByCaller(caller)));
  if (!found) throw AppError.notFound(offerMessages.listingNotFound);
  if (found.sellerId !== caller.userId)
    throw new AppError(403, offerToLikersMessages.notSeller, { reason: 'not_seller' });
  const listing = lock
    ? await lockListing(tx, eq(listings.id, found.id))
    : (await tx.select().from(listings).where(eq(listings.id, found.id)))[0];
  if (!listing) throw AppError.notFound(offerMessages.listingNotFound);
  return listing;
}

/**
 * When the listing's last offer to likers was made, read from the offers' log (each liker's
 * offer is one `offerToLiker` step); null when it never had one.
 */
async function lastOfferToLikers(tx: Db, listingId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(transitions.at) })
    .from(transitions)
    .innerJoin(offers, eq(offers.id, transitions.subjectId))
    .where(
      and(eq(transitions.process, 'offer'), eq(transitions.event, OFFER_TO_LIKER), eq(offers.listingId, listingId)),
    );
  return row?.at ? new Date(row.at) : null;
}

/** When the next offer to likers may be made: null when it may be now. */
function nextOfferAt(last: Date | null, now: Date): Date | null {
  if (!last || last.getTime() + EVERY_MS <= now.getTime()) return null;
  return new Date(last.getTime() + EVERY_MS);
}

/** Everyone who saved the listing but its seller, first savers first, with what their thread needs. */
function likersOf(tx: Db, listing: ListingRow) {
  return tx
    .select({ userId: users.id, userRefnum: users.refnum })
    .from(favourites)
    .innerJoin(users, eq(users.id, favourites.userId))
    .where(and(eq(favourites.listingId, listing.id), ne(favourites.userId, listing.sellerId)))
    .orderBy(asc(favourites.createdAt), asc(users.id));
}

/**
 * "Offer to likers" (issue 37): the seller of a live listing that takes offers offers a price
 * below its current one to everyone who saved it, each a pending offer in their own thread made
 * by the table's `offerToLiker` (its 24-hour expiry as any offer's), told as any offer's step is
 * (conversation-lines.ts). Skipped: the seller, whoever has an open offer on it already, and on
 * a members-only listing whoever is not a member. Once per listing in 24 hours of the clock: the
 * listing's row lock makes two presses at once wait for each other, so the second sees the first.
 */
export async function offerToLikers(
  deps: { db: Db; clock: Clock; runner: OfferRunner },
  caller: Caller,
  input: { listingRefnum: string; offerPrice: number },
): Promise<{ offered: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const listing = await sellersListing(tx, caller, input.listingRefnum, true);
    if (!(await sellerStillMember(tx, listing)))
      throw AppError.conflict(offerMessages.listingNotFound, 'seller_not_member');
    await assertTakesOffers(tx, listing, now);
    if (input.offerPrice >= listing.priceCents) {
      throw new AppError(400, offerToLikersNotBelowMessage(listing.priceCents), {
        field: 'offerPrice',
        reason: 'not_below_listing_price',
      });
    }
    if (nextOfferAt(await lastOfferToLikers(tx, listing.id), now))
      throw AppError.conflict(offerToLikersMessages.onceADay, 'offered_to_likers_today');
    const likers = await likersOf(tx, listing);
    if (likers.length === 0) throw AppError.conflict(offerToLikersMessages.noLikers, 'no_likers');
    let offered = 0;
    for (const liker of likers) {
      if (!(await mayTradeOn(tx, listing, liker.userId))) continue;
      const thread = await lockThread(tx, listing, liker, now);
      if (await hasOpenOffer(tx, deps.runner, thread, now)) continue;
      await makeOffer(
        tx,
        deps.runner,
        thread,
        { senderId: caller.userId, party: 'seller', priceCents: input.offerPrice, parentId: null },
        now,
        { event: OFFER_TO_LIKER, facts: { isSender: true, isReceiver: false, receiverSaved: true } },
      );
      offered++;
    }
    // Nobody could be offered it: refused whole, so the day's one offer to likers is not spent.
    if (offered === 0) throw AppError.conflict(offerToLikersMessages.allOffered, 'likers_already_offered');
    return { offered };
  });
}

/** For the seller's item page: how many saved the listing, and when the next offer to likers may be made. */
export async function listingLikers(db: Db, caller: Caller, listingRefnum: string, now: Date): Promise<ListingLikers> {
  const listing = await sellersListing(db, caller, listingRefnum, false);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(favourites)
    .where(and(eq(favourites.listingId, listing.id), ne(favourites.userId, listing.sellerId)));
  const next = nextOfferAt(await lastOfferToLikers(db, listing.id), now);
  return { likers: counted?.n ?? 0, nextOfferAt: next?.toISOString() ?? null };
}

/**
 * What the liker's notification of the seller's offer says: the seller by their public name
 * ("Ann L. offered $18.00 on “Lamp”"), pushed and listed as any offer's step.
 */
export async function offerToLikerNotice(tx: Db, listingId: number, priceCents: number): Promise<LineNotice> {
  const [seller] = await tx
    .select({ nameFirst: users.nameFirst, nameLast: users.nameLast })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(eq(listings.id, listingId));
  return {
    kind: 'offer_to_likers',
    amountCents: priceCents,
    from: seller ? publicName(seller.nameFirst, seller.nameLast) : undefined,
  };
}
