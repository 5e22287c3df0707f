import { LISTING_LIFETIME_DAYS, listingActionMessages } from './listing-rules';
import { defineProcess, type EventOf, eventsFor, type StateOf, stateNames } from './process';
import { countSteps, defineInvariants } from './process-invariants';

/** What a listing's guards read besides its state; the seller's card carries both. */
export interface ListingFacts {
  priceCents: number;
  /** Offers that hold the listing: waiting for an answer, or accepted (the card's `offerCount`). */
  openOffers: number;
  /**
   * An order of it is in progress (its state is in OPEN_ORDER_STATES of the order process): it
   * cannot be relisted until the order is completed or cancelled. Absent reads as none.
   */
  orderInProgress?: boolean;
}

/**
 * A listing's life (spec section 4). A seller publishes, deactivates and reactivates, marks it
 * sold (donated when it is free), relists and deletes; the platform expires it when its lifetime
 * runs out; a moderator deactivates, reactivates, removes and restores it. Accepting an offer
 * reserves it for that buyer (offer-process.ts): no new offers, nobody else buys it, editing is
 * locked; an order sells it (`sell`), or the reservation lapses unpaid (`release`); a cancelled
 * order leaves it Deactivated (`orderCancelled`) for its seller to put back on sale.
 */
export const listingProcess = defineProcess({
  name: 'listing',
  initial: 'draft',
  states: {
    draft: { label: 'Draft', badge: 'Draft', refusal: 'is_draft' },
    live: { label: 'Live', badge: null, refusal: 'is_live' },
    reserved: { label: 'Reserved', badge: 'Reserved', refusal: 'is_reserved' },
    paused: { label: 'Deactivated', badge: 'Deactivated', refusal: 'is_paused' },
    sold: { label: 'Sold', badge: null, refusal: 'already_sold' },
    donated: { label: 'Donated', badge: null, refusal: 'already_donated' },
    expired: { label: 'Expired', badge: null, refusal: 'expired' },
    deleted: { label: 'Deleted', badge: null, refusal: 'deleted' },
  },
  guards: {
    noOpenOffers: { test: (f: ListingFacts) => f.openOffers === 0, refusal: 'has_open_offers' },
    priced: { test: (f: ListingFacts) => f.priceCents > 0, refusal: 'is_free' },
    free: { test: (f: ListingFacts) => f.priceCents === 0, refusal: 'is_priced' },
    noOrderInProgress: { test: (f: ListingFacts) => !f.orderInProgress, refusal: 'order_in_progress' },
  },
  events: {
    publish: { label: 'Publish', from: ['draft'], to: 'live', by: ['seller'], starts: ['expire'] },
    markSold: {
      label: 'Mark as Sold',
      from: ['live', 'paused', 'expired'],
      to: 'sold',
      by: ['seller'],
      guard: 'priced',
    },
    markDonated: {
      label: 'Mark as Donated',
      from: ['live', 'paused', 'expired'],
      to: 'donated',
      by: ['seller'],
      guard: 'free',
    },
    deactivate: { label: 'Deactivate', from: ['live', 'expired'], to: 'paused', by: ['seller', 'admin'] },
    // Not while an order of it is in progress (one deleted or removed while sold, then restored):
    // a listing has at most one open order (listingInvariants).
    activate: {
      label: 'Activate Listing',
      from: ['paused'],
      to: 'live',
      by: ['seller', 'admin'],
      guard: 'noOrderInProgress',
    },
    relist: {
      label: 'Relist',
      from: ['paused', 'sold', 'donated', 'expired'],
      to: 'live',
      by: ['seller'],
      guard: 'noOrderInProgress',
      starts: ['expire'],
    },
    delete: {
      label: 'Delete',
      from: ['draft', 'live', 'paused', 'sold', 'donated', 'expired'],
      to: 'deleted',
      by: ['seller'],
      guard: 'noOpenOffers',
    },
    expire: { label: 'Expire', from: ['live'], to: 'expired', by: ['system'], after: { days: LISTING_LIFETIME_DAYS } },
    // An offer on it was accepted, or a charity requested the donation (taken by that transaction,
    // not by a person on the listing).
    reserve: { label: 'Reserve', from: ['live'], to: 'reserved', by: ['system'] },
    // An order was placed (issue 18): Buy Now on a live listing, or the reserved buyer paying their accepted offer.
    sell: { label: 'Sold by order', from: ['live', 'reserved'], to: 'sold', by: ['buyer', 'system'] },
    // The accepted offer's buyer did not pay in time, or a charity's donation request was
    // cancelled or lapsed (issue 21): the listing is on offer again.
    release: { label: 'Reservation lapsed', from: ['reserved'], to: 'live', by: ['system'] },
    // A charity received the donation it requested (donation-process.ts `receive`), in that transaction.
    donate: { label: 'Donated to a charity', from: ['reserved'], to: 'donated', by: ['system'] },
    // The order that sold it was cancelled (by its seller or a moderator's refund), in the
    // cancel's transaction: Deactivated, so the seller decides when it is on sale again.
    orderCancelled: { label: 'Order cancelled', from: ['sold'], to: 'paused', by: ['system'] },
    // The order was cancelled by its ship-by timer (issue 19): the seller let it lapse, the item
    // is on sale again at once (the expiry sweep still ends it if its listing_end has passed).
    orderLapsed: { label: 'Order not shipped in time', from: ['sold'], to: 'live', by: ['system'] },
    remove: {
      label: 'Remove',
      from: ['draft', 'live', 'reserved', 'paused', 'sold', 'donated', 'expired'],
      to: 'deleted',
      by: ['admin'],
    },
    // Restored hidden: the seller (or a moderator) decides when it goes back on sale.
    restore: { label: 'Restore', from: ['deleted'], to: 'paused', by: ['admin'] },
  },
});

export type ListingProcess = typeof listingProcess;
export type ListingState = StateOf<ListingProcess>;
export type ListingEvent = EventOf<ListingProcess>;

/** What every sequence of listing events must keep (checked exhaustively: api/test/process-exhaustive.test.ts). */
export const listingInvariants = defineInvariants(listingProcess, {
  final: [],
  worlds: [
    { priceCents: 2500, openOffers: 0, orderInProgress: false },
    { priceCents: 0, openOffers: 0, orderInProgress: false },
    { priceCents: 2500, openOffers: 1, orderInProgress: false },
    { priceCents: 2500, openOffers: 0, orderInProgress: true },
  ],
  rules: {
    oneOpenOrder: {
      says: 'a listing has at most one open order: an order sells it only once the last one was cancelled or completed',
      holds: (path, facts) => {
        // In a world where no order is in progress, each order completed out of the listing's sight.
        if (!facts.orderInProgress) return true;
        let open = false;
        for (const step of path) {
          if (step.event === 'sell') {
            if (open) return false;
            open = true;
          } else if (step.event === 'orderCancelled' || step.event === 'orderLapsed') open = false;
        }
        return true;
      },
    },
    reservedHeld: {
      says: 'a reserved listing is held for its buyer: its seller takes no event on it until the reservation ends',
      holds: (path) => countSteps(path, (s) => s.from === 'reserved' && s.by === 'seller') === 0,
    },
    deletedStaysDeleted: {
      says: 'a deleted listing comes back only by a moderator restoring it',
      holds: (path) => countSteps(path, (s) => s.from === 'deleted' && s.event !== 'restore') === 0,
    },
    priceMatchesEnd: {
      says: 'a free listing is never sold and a priced one never donated by its seller',
      holds: (path, facts) =>
        countSteps(path, (s) => s.event === (facts.priceCents > 0 ? 'markDonated' : 'markSold')) === 0,
    },
  },
});

export const LISTING_STATES = stateNames(listingProcess);

/**
 * The state a listing is in at `now`: a live listing past its end has expired even before the
 * expiry timer has run (timers may fire late; the reading must not).
 */
export function currentListingState(stored: ListingState, listingEnd: Date | string | null, now: Date): ListingState {
  if (stored !== 'live' || listingEnd === null) return stored;
  return new Date(listingEnd).getTime() <= now.getTime() ? 'expired' : 'live';
}

/** Who looks at a listing: its seller, a moderator, or anyone else (signed in or not). */
export type ListingViewer = 'owner' | 'admin' | 'public';

/**
 * Where a listing is seen. `listed`: browse lists, search, a person's profile, the sitemap, the
 * console's live count. `page`: opened by its link (item page, a report, a seller's sell list).
 * `favourites`: a person's saved listings keep what became of them, ribbon and all.
 */
export type ListingSurface = 'listed' | 'page' | 'favourites';

const ALL: readonly ListingState[] = LISTING_STATES;
// A reserved listing is seen by its link (its buyer pays from there) but listed to nobody else.
const OPEN: readonly ListingState[] = ['live', 'reserved', 'sold', 'donated', 'expired'];

/** The one visibility rule: which states each viewer sees on each surface. */
export const LISTING_VISIBILITY: Readonly<
  Record<ListingSurface, Readonly<Record<ListingViewer, readonly ListingState[]>>>
> = {
  listed: { public: ['live'], owner: ['live', 'reserved', 'paused', 'sold', 'donated', 'expired'], admin: ALL },
  page: { public: OPEN, owner: ALL, admin: ALL },
  favourites: { public: [...OPEN, 'deleted'], owner: [...OPEN, 'deleted'], admin: ALL },
};

export function visibleTo(state: ListingState, viewer: ListingViewer, surface: ListingSurface): boolean {
  return LISTING_VISIBILITY[surface][viewer].includes(state);
}

/** Sold or donated: the wire's `saleType` is non-zero (spec: non-zero means sold). */
export function saleTypeOf(state: ListingState): number {
  return state === 'sold' || state === 'donated' ? 1 : 0;
}

/** The wire's `listingStatus` (spec): a draft, a deactivated listing, else active. */
export function listingStatusOf(state: ListingState): 'draft' | 'active' | 'inactive' {
  if (state === 'draft') return 'draft';
  return state === 'paused' ? 'inactive' : 'active';
}

/** The wire's `editLocked`: sold, or an accepted offer holds it (spec section 4). */
export function editLockedIn(state: ListingState, hasAcceptedOffer: boolean): boolean {
  return state === 'sold' || state === 'donated' || state === 'reserved' || hasAcceptedOffer;
}

/** Whether a listing in `state` (as `currentListingState` reads it) takes new offers. */
export function takesOffers(state: ListingState): boolean {
  return state === 'live';
}

/** The message a seller reads when the table refuses `event` for `reason`. */
export function listingRefusalMessage(event: ListingEvent, reason: string): string {
  if (reason === listingProcess.states.deleted.refusal) return listingActionMessages.deleted;
  if (reason === listingProcess.states.draft.refusal) return listingActionMessages.isDraft;
  if (reason === listingProcess.guards.noOpenOffers.refusal) return listingActionMessages.hasActiveOffers;
  if (reason === listingProcess.states.reserved.refusal) return listingActionMessages.reserved;
  if (reason === listingProcess.guards.noOrderInProgress.refusal) return listingActionMessages.orderInProgress;
  switch (event) {
    case 'markSold':
    case 'markDonated':
      return listingActionMessages.alreadySold;
    case 'deactivate':
    case 'activate':
      return listingActionMessages.cannotToggle;
    case 'relist':
      return listingActionMessages.cannotRelist;
    default:
      return `${listingProcess.events[event].label} is not possible for this listing now (${reason})`;
  }
}

/** What a seller may do with a listing now: the events of the table, and whether it may be edited. */
export function sellerEventsFor(state: ListingState, facts: ListingFacts): ListingEvent[] {
  return eventsFor(listingProcess, state, 'seller', facts);
}

/** The moderator's buttons for a listing. */
export function adminEventsFor(state: ListingState, facts: ListingFacts): ListingEvent[] {
  return eventsFor(listingProcess, state, 'admin', facts);
}
