import type { Offer, OfferThread } from '@yardly/shared/contract';
import {
  dollarInputToCents,
  type ListingState,
  listingClosedToOffers,
  type OfferEvent,
  type OfferState,
  offerProcess,
  type ProcessRole,
  stateLabel,
} from '@yardly/shared/rules';

/** The events a party takes with a button on an offer; making one is the item page's form. */
export type OfferAction = Extract<OfferEvent, 'counter' | 'accept' | 'decline' | 'withdraw'>;

const BUTTON_EVENTS: readonly OfferEvent[] = ['counter', 'accept', 'decline', 'withdraw'];

function isButton(event: OfferEvent): event is OfferAction {
  return BUTTON_EVENTS.includes(event);
}

/** The viewer's side of an offer: buyer, seller, or none (not a party). */
export function offerRoleOf(offer: Pick<Offer, 'buyerRefnum' | 'sellerRefnum'>, viewerRefnum: string | undefined) {
  if (viewerRefnum === undefined) return null;
  if (viewerRefnum === offer.buyerRefnum) return 'buyer' satisfies ProcessRole;
  if (viewerRefnum === offer.sellerRefnum) return 'seller' satisfies ProcessRole;
  return null;
}

/**
 * The buttons the viewer sees on an offer: the events the api answered they may take on it now
 * (`actions`, from the offer table for their side), those a button takes; none for a guest.
 */
export function offerActionsFor(offer: Pick<Offer, 'actions'>, viewerRefnum: string | undefined): OfferAction[] {
  if (viewerRefnum === undefined) return [];
  return offer.actions.filter(isButton);
}

/** A button's text: the event's label in the process. */
export function offerActionLabel(action: OfferAction): string {
  return offerProcess.events[action].label;
}

/** An offer's state as a person reads it ('Pending', 'Withdrawn'). */
export function offerStateLabel(state: OfferState): string {
  return stateLabel(offerProcess, state);
}

/** Who made an offer, as the viewer reads it: a seller's first offer is one to likers (issue 37), not a counter. */
export function offerSenderLabel(
  offer: Pick<Offer, 'senderRefnum' | 'buyerRefnum' | 'parentOfferRefnum'>,
  viewerRefnum: string | undefined,
) {
  if (offer.senderRefnum === viewerRefnum) return 'You offered';
  if (offer.senderRefnum === offer.buyerRefnum) return 'Buyer offered';
  return offer.parentOfferRefnum === null ? 'Seller offered' : 'Seller countered';
}

/** A thread's offers as the thread view lists them: oldest first, so the newest is last. */
export function offersOldestFirst(thread: Pick<OfferThread, 'offers'>): Offer[] {
  return [...thread.offers].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The offer input's own message: people type dollars (the api's message speaks of cents). */
export const OFFER_INPUT_MESSAGE = 'Enter an offer in dollars greater than $0, such as 45 or 45.50';

/** What the viewer typed in an offer's dollar input, as integer cents or the message to show. */
export function parseOfferInput(text: string): { cents: number } | { error: string } {
  const cents = dollarInputToCents(text);
  if (cents === null || cents <= 0) return { error: OFFER_INPUT_MESSAGE };
  return { cents };
}

/** What the item page offers a visitor about making an offer. */
export type MakeOfferView =
  | { kind: 'own' }
  | { kind: 'closed' }
  | { kind: 'guest' }
  | { kind: 'offered'; offerRefnum: string }
  | { kind: 'form' };

/**
 * The item page's offer control: none on one's own listing; the existing open offer when the
 * viewer has one (even once it reserved the listing); a form only while the listing is live;
 * a guest's button opens the login dialog.
 */
export function makeOfferView(
  listing: { sellerRefnum: string; listingState: string },
  viewerRefnum: string | undefined,
  existing: { alreadyOffered: boolean; offerRefnum: string | null } | null,
): MakeOfferView {
  if (viewerRefnum !== undefined && viewerRefnum === listing.sellerRefnum) return { kind: 'own' };
  if (existing?.alreadyOffered && existing.offerRefnum) return { kind: 'offered', offerRefnum: existing.offerRefnum };
  if (listing.listingState !== 'live') return { kind: 'closed' };
  return viewerRefnum === undefined ? { kind: 'guest' } : { kind: 'form' };
}

/** Why the item page takes no offer on a listing that is not live ('This listing is reserved…'). */
export function closedToOffersMessage(state: ListingState): string | null {
  return state === 'live' ? null : listingClosedToOffers[state];
}

/** The accepted offer's buyer pays for it at checkout (within its 24 hours; the api refuses later). */
export const PAY_NOW_LABEL = 'Pay now';

/** An accepted offer whose listing is not sold yet: its buyer may pay for it. */
export function offerPayable(offer: { offerStatus: OfferState; saleType: number }): boolean {
  return offer.offerStatus === 'accepted' && offer.saleType === 0;
}
