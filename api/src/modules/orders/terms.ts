import type { DeliveryMethod } from '@yardly/shared/contract';
import { listingProcess, orderMessages, shippingCents } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { addresses, offers, transitions } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { ListingRow } from '../listings/access';
import { catchUpTimers } from '../listings/process';
import type { OfferRunner } from '../offers/process';
import { catchUpReservation } from '../offers/reservation';
import { mayTradeOn, sellerStillMember } from '../organisation-marketplace/visibility';

/** What a buyer asks to pay for: the listing, the accepted offer when paying one, and how it reaches them. */
export interface PurchaseRequest {
  offerId?: number | null;
  offerRefnum?: string;
  deliveryMethod: DeliveryMethod;
  addressId?: number | null;
  addressRefnum?: string;
}

/** What the api charges for it (cents) and what the order will record. */
export interface PurchaseTerms {
  itemPriceCents: number;
  shippingCents: number;
  totalCents: number;
  offerId: number | null;
  address: typeof addresses.$inferSelect | null;
}

const unavailable = (reason: string) => AppError.conflict(orderMessages.noLongerAvailable, reason);

/** The accepted offer the caller pays for, checked: theirs, on this listing, accepted and still within its 24 hours. */
async function payableOffer(tx: Db, caller: Caller, listing: ListingRow, request: PurchaseRequest) {
  const where = request.offerId ? eq(offers.id, request.offerId) : eq(offers.refnum, request.offerRefnum ?? '');
  const [offer] = await tx.select().from(offers).where(where);
  if (!offer || offer.listingId !== listing.id)
    throw new AppError(404, 'This offer does not exist', { reason: 'offer_not_found' });
  if (offer.buyerId !== caller.userId)
    throw new AppError(403, orderMessages.offerNotYours, { reason: 'not_offer_buyer' });
  if (offer.state === 'expired' && (await lapsed(tx, offer.id))) {
    throw AppError.conflict(orderMessages.offerLapsed, 'reservation_lapsed');
  }
  if (offer.state !== 'accepted') throw AppError.conflict(orderMessages.offerNotAccepted, 'offer_not_accepted');
  return offer;
}

/** The offer expired by its reservation lapsing (after it was accepted), not unanswered. */
async function lapsed(tx: Db, offerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: transitions.id })
    .from(transitions)
    .where(and(eq(transitions.process, 'offer'), eq(transitions.subjectId, offerId), eq(transitions.event, 'lapse')));
  return row !== undefined;
}

/** The saved address a shipped order goes to: the caller's own. */
async function shippingAddress(tx: Db, caller: Caller, request: PurchaseRequest) {
  if (!request.addressId && !request.addressRefnum)
    throw AppError.badRequest(orderMessages.addressRequired, 'addressId');
  const where = request.addressId
    ? eq(addresses.id, request.addressId)
    : eq(addresses.refnum, request.addressRefnum ?? '');
  const [address] = await tx
    .select()
    .from(addresses)
    .where(and(where, eq(addresses.userId, caller.userId)));
  if (!address)
    throw new AppError(403, orderMessages.addressNotYours, { field: 'addressId', reason: 'not_your_address' });
  return address;
}

/**
 * Whether the caller may buy `listing` now as asked, and at what price, inside the caller's
 * transaction with the listing locked: a reservation or a listing past its time is caught up
 * first. Buy Now needs a live listing that allows it; an accepted offer is paid only by its
 * buyer, at its price, while the listing is reserved for it. An organisation's listing is
 * traded between its members only (issue 23). Refusals: 404, 403 (own listing,
 * another's offer or address), 409 with the machine reason, 400 for a delivery the listing does not offer.
 */
export async function purchaseTerms(
  tx: Db,
  runner: OfferRunner,
  caller: Caller,
  listing: ListingRow,
  request: PurchaseRequest,
  now: Date,
): Promise<PurchaseTerms> {
  // An organisation's listing is sold between its members only: for anyone else it does not exist.
  if (listing.state === 'draft' || !(await mayTradeOn(tx, listing, caller.userId)))
    throw AppError.notFound('This listing does not exist');
  if (listing.sellerId === caller.userId) throw new AppError(403, orderMessages.ownListing, { reason: 'own_listing' });
  if (!(await sellerStillMember(tx, listing))) throw unavailable('seller_not_member');
  const expiredOrNot = await catchUpTimers(tx, listing, now);
  const state = await catchUpReservation(tx, runner, { ...listing, state: expiredOrNot }, now);
  let itemPriceCents = listing.priceCents;
  let offerId: number | null = null;
  if (request.offerId || request.offerRefnum) {
    const offer = await payableOffer(tx, caller, listing, request);
    if (state !== 'reserved') throw unavailable(listingProcess.states[state].refusal);
    itemPriceCents = offer.priceCents;
    offerId = offer.id;
  } else {
    if (state !== 'live') throw unavailable(listingProcess.states[state].refusal);
    if (!listing.buyNow || listing.priceCents <= 0) throw AppError.conflict(orderMessages.notBuyNow, 'not_buy_now');
  }
  const ship = request.deliveryMethod === 'ship';
  if (ship && !listing.shippable) throw AppError.badRequest(orderMessages.noShipping, 'deliveryMethod');
  if (!ship && !listing.meetToDeliver) throw AppError.badRequest(orderMessages.noPickup, 'deliveryMethod');
  // An address named is checked as the caller's own even for pickup: nobody learns of another's addresses by trying.
  const named = request.addressId || request.addressRefnum;
  const address = ship || named ? await shippingAddress(tx, caller, request) : null;
  const shipping = ship ? shippingCents(listing) : 0;
  return { itemPriceCents, shippingCents: shipping, totalCents: itemPriceCents + shipping, offerId, address };
}
