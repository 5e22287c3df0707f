import type { SellerListing } from '@yardly/shared/contract';
import { type ListingEvent, listingProcess, sellerEventsFor, stateBadge } from '@yardly/shared/rules';

/** The events a seller takes with a button here; publishing is the form's "Finish and publish". */
export type SellerAction = Exclude<
  ListingEvent,
  | 'publish'
  | 'expire'
  | 'reserve'
  | 'sell'
  | 'release'
  | 'donate'
  | 'orderCancelled'
  | 'orderLapsed'
  | 'remove'
  | 'restore'
>;

const BUTTON_EVENTS: readonly ListingEvent[] = [
  'markSold',
  'markDonated',
  'deactivate',
  'activate',
  'relist',
  'delete',
];

function isButton(event: ListingEvent): event is SellerAction {
  return BUTTON_EVENTS.includes(event);
}

/**
 * What a seller may do with a listing: exactly the events the listing process allows the seller
 * in its state (`sellerEventsFor`, the table the api refuses with), with the card's price, its
 * open offers and whether an order of it is in progress (no Relist until it ends) for the guards.
 */
export function sellerActionsFor(
  listing: Pick<
    SellerListing,
    'listingState' | 'listingCurrentPrice' | 'offerCount' | 'editLocked' | 'orderInProgress'
  >,
): { actions: SellerAction[]; canEdit: boolean; status: string | null } {
  const state = listing.listingState;
  const events = sellerEventsFor(state, {
    priceCents: listing.listingCurrentPrice,
    openOffers: listing.offerCount,
    orderInProgress: listing.orderInProgress,
  });
  return {
    actions: events.filter(isButton),
    canEdit: state !== 'deleted' && !listing.editLocked,
    status: stateBadge(listingProcess, state),
  };
}

/** A button's text: the event's label in the process. */
export function actionLabel(action: SellerAction): string {
  return listingProcess.events[action].label;
}
