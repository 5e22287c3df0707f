import { OFFER_EXPIRY_HOURS, OFFER_PAYMENT_HOURS, OFFER_TO_LIKERS_EVERY_HOURS } from './constants';
import { listingActionMessages } from './listing-rules';
import { formatCents } from './money';
import { defineProcess, type EventOf, eventsFor, type ProcessRole, type StateOf, stateNames } from './process';
import { countSteps, defineInvariants } from './process-invariants';

/** What an offer's guards read besides its state: where the person acting stands in it. */
export interface OfferFacts {
  /** The person acting is the one the offer was made to (the seller for a buyer's offer, the buyer for a counter). */
  isReceiver: boolean;
  /** The person acting made the offer. */
  isSender: boolean;
  /**
   * For the platform's lapse: the listing is still reserved for the accepted offer (its buyer has
   * not paid). Unknown to a person's view of the offer; only `false` refuses.
   */
  listingReserved?: boolean;
  /**
   * For a seller's offer to likers (issue 37): the person it is made to saved the listing with
   * the heart. Read only by that event's guard.
   */
  receiverSaved?: boolean;
}

/**
 * An offer's life (spec section 4 and issue 17). A buyer makes an offer; whoever received the
 * latest offer of a thread (listing x buyer) accepts, declines or counters it (the counter is a
 * new pending offer in the same thread, made by the `make` event); its sender may withdraw it;
 * the platform expires it 24 hours after it was made, declines the other open offers on a
 * listing once one is accepted, and cancels it when its organisation's membership ends (issue 23).
 * A seller may also make the first offer, to each person who saved the listing ("Offer to
 * likers", issue 37): that person receives it and answers it as any offer.
 */
export const offerProcess = defineProcess({
  name: 'offer',
  initial: 'pending',
  states: {
    pending: { label: 'Pending', badge: 'Pending', refusal: 'is_pending' },
    countered: { label: 'Countered', badge: 'Countered', refusal: 'already_countered' },
    accepted: { label: 'Accepted', badge: 'Accepted', refusal: 'already_accepted' },
    declined: { label: 'Declined', badge: 'Declined', refusal: 'already_declined' },
    cancelled: { label: 'Withdrawn', badge: 'Withdrawn', refusal: 'already_withdrawn' },
    expired: { label: 'Expired', badge: 'Expired', refusal: 'offer_expired' },
    // An accepted offer whose sale ended: its order was cancelled, or the item was put on sale again.
    closed: { label: 'Closed', badge: 'Closed', refusal: 'offer_closed' },
  },
  guards: {
    receiver: { test: (f: OfferFacts) => f.isReceiver, refusal: 'not_receiver', turn: true },
    sender: { test: (f: OfferFacts) => f.isSender, refusal: 'not_sender', turn: true },
    // An accepted offer stays accepted once its buyer paid (the order carries on): no lapse then.
    unpaid: { test: (f: OfferFacts) => f.listingReserved !== false, refusal: 'reservation_ended' },
    // A seller's first offer goes only to someone who hearted the listing: it is not a cold call.
    liker: { test: (f: OfferFacts) => f.receiverSaved === true, refusal: 'not_a_liker' },
  },
  events: {
    // An offer is made by the buyer, or (countering) by whichever party received the last one.
    make: { label: 'Make Offer', from: [], to: 'pending', by: ['buyer', 'seller'], starts: ['expire'] },
    // Issue 37: the seller offers a price below the current one to one person who saved the
    // listing (the call offers it to each of them); its 24 hours are the same expiry.
    offerToLiker: {
      label: 'Offer to likers',
      from: [],
      to: 'pending',
      by: ['seller'],
      guard: 'liker',
      starts: ['expire'],
    },
    counter: { label: 'Counter', from: ['pending'], to: 'countered', by: ['buyer', 'seller'], guard: 'receiver' },
    accept: {
      label: 'Accept',
      from: ['pending'],
      to: 'accepted',
      by: ['buyer', 'seller'],
      guard: 'receiver',
      starts: ['lapse'],
    },
    decline: { label: 'Decline', from: ['pending'], to: 'declined', by: ['buyer', 'seller'], guard: 'receiver' },
    withdraw: { label: 'Withdraw', from: ['pending'], to: 'cancelled', by: ['buyer', 'seller'], guard: 'sender' },
    // Another offer on the listing was accepted: the listing is reserved for that buyer.
    supersede: { label: 'Declined (another offer was accepted)', from: ['pending'], to: 'declined', by: ['system'] },
    expire: { label: 'Expire', from: ['pending'], to: 'expired', by: ['system'], after: { hours: OFFER_EXPIRY_HOURS } },
    // Issue 23: an offer on an organisation's listing whose buyer or seller is no longer its member,
    // or whose organisation closed its marketplace (REJECTED, or not B2B any more), is cancelled by
    // the platform, pending or accepted and unpaid (the reservation ends with it).
    cancel: {
      label: 'Cancelled (not a member of the organisation any more)',
      from: ['pending', 'accepted'],
      to: 'cancelled',
      by: ['system'],
    },
    // The buyer did not pay an accepted offer in time (issue 18): the reservation lapses, the listing is live again.
    lapse: {
      label: 'Reservation lapsed',
      from: ['accepted'],
      to: 'expired',
      by: ['system'],
      guard: 'unpaid',
      after: { hours: OFFER_PAYMENT_HOURS },
      does: ['releaseReservation'],
    },
    // An accepted offer holds its listing (reserved for its buyer, or sold at it). When the listing
    // stops being held (the order was cancelled, the sold item relisted, a moderator removed it),
    // the offer closes in that transaction: it no longer locks editing, counts as open, or keeps
    // its buyer from offering again, and the next offer on the listing may be accepted.
    close: { label: 'Closed (its sale ended)', from: ['accepted'], to: 'closed', by: ['system'] },
  },
});

export type OfferProcess = typeof offerProcess;
export type OfferState = StateOf<OfferProcess>;
export type OfferEvent = EventOf<OfferProcess>;

/** What every sequence of offer events must keep (checked exhaustively: api/test/process-exhaustive.test.ts). */
export const offerInvariants = defineInvariants(offerProcess, {
  final: ['countered', 'declined', 'cancelled', 'expired', 'closed'],
  // Where the person acting stands: the receiver, the sender, or neither.
  worlds: [
    { isReceiver: true, isSender: false },
    { isReceiver: false, isSender: true },
    { isReceiver: false, isSender: false },
    // The seller offering to someone who saved the listing.
    { isReceiver: false, isSender: true, receiverSaved: true },
  ],
  rules: {
    answeredOnce: {
      says: 'an offer is answered once: at most one event leaves pending',
      holds: (path) => countSteps(path, (s) => s.from === 'pending') <= 1,
    },
    rightPersonAnswers: {
      says: 'only its receiver accepts, declines or counters an offer, and only its sender withdraws it',
      holds: (path, facts) =>
        path.every((s) => {
          if (s.by !== 'buyer' && s.by !== 'seller') return true;
          if (s.event === 'withdraw') return facts.isSender;
          if (s.from === 'pending') return facts.isReceiver;
          return true;
        }),
    },
    likersOnly: {
      says: "a seller's offer to likers is made only to someone who saved the listing",
      holds: (path, facts) => path.every((s) => s.event !== 'offerToLiker' || facts.receiverSaved === true),
    },
    reservationEnds: {
      says: 'an accepted offer ends only by its lapse, the platform cancelling it or its sale ending, never by a person',
      holds: (path) => countSteps(path, (s) => s.from === 'accepted' && s.by !== 'timer' && s.by !== 'system') === 0,
    },
  },
});

export const OFFER_STATES = stateNames(offerProcess);

/** Offers that hold a listing: one waiting for an answer, or one accepted (the listing is reserved). */
export const ACTIVE_OFFER_STATES = ['pending', 'accepted'] as const satisfies readonly OfferState[];

/**
 * The state an offer is in at `now`: a pending offer whose 24 hours are up has expired even
 * before its timer has run (timers may fire late; the reading must not).
 */
export function currentOfferState(stored: OfferState, expiresAt: Date | string, now: Date): OfferState {
  if (stored !== 'pending') return stored;
  return new Date(expiresAt).getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** The buttons a party sees on an offer: the events the table allows them. */
export function offerEventsFor(state: OfferState, role: ProcessRole, facts: OfferFacts): OfferEvent[] {
  return eventsFor(offerProcess, state, role, facts);
}

/** The offer thread's key (spec section 3): listingRefnum_buyerRefnum_sellerRefnum. */
export function offerThreadKey(listingRefnum: string, buyerRefnum: string, sellerRefnum: string): string {
  return `${listingRefnum}_${buyerRefnum}_${sellerRefnum}`;
}

export const offerMessages = {
  notFound: 'This offer does not exist',
  listingNotFound: 'This listing does not exist or is no longer available',
  notYours: 'Only the buyer and the seller of this offer can see or answer it',
  notYourListing: 'Only the seller and buyers who made an offer can see offers on this listing',
  ownListing: 'You cannot make an offer on your own listing',
  invalidPrice: 'Enter an offer as a whole number of cents greater than 0',
  alreadyOffered: 'You already have an open offer on this listing: wait for the answer or withdraw it first',
  notReceiver: 'Only the person this offer was made to can answer it',
  notSender: 'Only the person who made this offer can withdraw it',
  counterAboveListing: 'A counter-offer cannot be above the listing price',
  /** Issue 33: the seller chose 'Buy Now at the price' over 'Take offers'. */
  buyNowOnly: 'This listing is for sale by Buy Now only: it takes no offers',
  made: 'Offer sent',
  countered: 'Counter-offer sent',
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  withdrawn: 'Offer withdrawn',
} as const;

/** What the seller reads about an offer to likers (issue 37). */
export const offerToLikersMessages = {
  notSeller: 'Only the seller of this listing can make an offer to the people who saved it',
  noLikers: 'Nobody has saved this listing yet: an offer to likers goes to the people who saved it',
  allOffered: 'Everyone who saved this listing already has an open offer on it',
  onceADay: `You can make one offer to likers on a listing every ${OFFER_TO_LIKERS_EVERY_HOURS} hours: this listing had one less than ${OFFER_TO_LIKERS_EVERY_HOURS} hours ago`,
} as const;

/** An offer to likers must be a real discount: strictly below the current price. */
export function offerToLikersNotBelowMessage(listingPriceCents: number): string {
  return `An offer to likers must be below the listing price of ${formatCents(listingPriceCents)}`;
}

/** What the seller is told once it is sent: "Offer sent to 3 people who saved this listing". */
export function offerToLikersSentMessage(offered: number): string {
  return `Offer sent to ${offered} ${offered === 1 ? 'person' : 'people'} who saved this listing`;
}

/** An offer above the listing's price is refused: the buyer can simply buy it at that price. */
export function offerAbovePriceMessage(listingPriceCents: number): string {
  return `Your offer cannot be above the listing price of ${formatCents(listingPriceCents)}`;
}

/** Why a listing takes no offer in its state (sold, deleted, deactivated, expired, reserved, a draft). */
export const listingClosedToOffers = {
  sold: 'This listing is sold and takes no more offers',
  donated: 'This listing was donated and takes no more offers',
  deleted: 'This listing was deleted and takes no more offers',
  paused: 'This listing is deactivated and takes no offers',
  expired: 'This listing has expired and takes no more offers',
  reserved: listingActionMessages.reserved,
  draft: 'This listing is not published',
} as const;

/** The message a party reads when the table refuses `event` on an offer for `reason`. */
export function offerRefusalMessage(event: OfferEvent, reason: string): string {
  if (reason === offerProcess.guards.receiver.refusal) return offerMessages.notReceiver;
  if (reason === offerProcess.guards.sender.refusal) return offerMessages.notSender;
  const state = stateNames(offerProcess).find((s) => offerProcess.states[s].refusal === reason);
  if (state) return `This offer is ${offerProcess.states[state].label.toLowerCase()}: it can no longer be answered`;
  return `${offerProcess.events[event].label} is not possible for this offer now (${reason})`;
}
