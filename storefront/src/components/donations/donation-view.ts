/**
 * What the donation pages and panels show (issue 21), apart from React: the confirmation page's
 * query, heading and failure words, the buttons of a donation order, the conversation a
 * `/myquest/messages/{listing}_{seller}_{buyer}` path names.
 */
import { ApiError } from '@yardly/shared/client';
import type { ConversationSummary, DonationOrder } from '@yardly/shared/contract';
import {
  canAddPickupAddress,
  type DonationConfirmQuery,
  type DonationEvent,
  donationMessages,
  donationProcess,
  donationTexts,
} from '@yardly/shared/rules';

const REFNUM = /^[A-Z][0-9A-Z]{11}$/;
const ZIP = /^\d{5}$/;

/** The confirmation page's query (spec section 2); null when a part is missing or malformed. */
export function readConfirmDonationQuery(search: string): DonationConfirmQuery | null {
  const params = new URLSearchParams(search);
  const query = {
    listingRefnum: params.get('listingRefnum')?.trim() ?? '',
    donarRefnum: params.get('donarRefnum')?.trim() ?? '',
    recipientRefnum: params.get('recipientRefnum')?.trim() ?? '',
    itemZip: params.get('itemZip')?.trim() ?? '',
  };
  const refnums = [query.listingRefnum, query.donarRefnum, query.recipientRefnum];
  if (!refnums.every((refnum) => REFNUM.test(refnum)) || !ZIP.test(query.itemZip)) return null;
  return query;
}

/**
 * The heading over the address form: 'Enter your pickup address' for a donor with none,
 * 'Add pickup address' beside their saved ones; null once they have 4 (add-new hidden).
 */
export function pickupFormHeading(addressCount: number): string | null {
  if (addressCount === 0) return donationTexts.headingEnter;
  return canAddPickupAddress(addressCount) ? donationTexts.headingAdd : null;
}

/** What happens when the order check on load fails: a 401 goes home, anything else says so. */
export function orderLoadFailure(cause: unknown): { home: true } | { home: false; message: string } {
  if (cause instanceof ApiError && cause.status === 401) return { home: true };
  return { home: false, message: donationMessages.orderFetchError };
}

/** The error toast of a refused confirmation: the api's first error, else the spec's words. */
export function confirmFailureMessage(cause: unknown): string {
  if (cause instanceof ApiError && cause.errors.length > 0 && cause.errors[0]?.message) return cause.errors[0].message;
  return donationMessages.confirmError;
}

/** The donation events a panel shows as buttons (the donor confirms on its own page, by a link). */
const BUTTON_EVENTS: readonly DonationEvent[] = ['pickUp', 'receive', 'cancel'];

export interface DonationButton {
  event: 'pickUp' | 'receive' | 'cancel';
  label: string;
}

/** The buttons of a donation order for its viewer, from the order's `actions`, labelled by the process. */
export function donationButtons(order: Pick<DonationOrder, 'actions'>): DonationButton[] {
  return BUTTON_EVENTS.filter((event) => order.actions.includes(event)).map((event) => ({
    event: event as DonationButton['event'],
    label: donationProcess.events[event].label,
  }));
}

/** What the recipient reads once an action went through. */
export const donationActionToasts: Record<DonationButton['event'], string> = {
  pickUp: donationMessages.pickedUp,
  receive: donationMessages.received,
  cancel: donationMessages.cancelled,
};

/**
 * The conversation a donation's messages path names, among the viewer's conversations about that
 * listing: the donor's with the recipient, or the recipient's with the donor; null for anyone else.
 */
export function findDonationConversation(
  conversations: readonly ConversationSummary[],
  key: { listingRefnum: string; sellerRefnum: string; buyerRefnum: string },
  viewerRefnum: string,
): ConversationSummary | null {
  const other =
    viewerRefnum === key.sellerRefnum ? key.buyerRefnum : viewerRefnum === key.buyerRefnum ? key.sellerRefnum : null;
  if (!other) return null;
  return (
    conversations.find(
      (conversation) =>
        conversation.listing.listingRefnum === key.listingRefnum && conversation.otherParty.userRefnum === other,
    ) ?? null
  );
}

/** The side of the conversation list to ask for: the donor sells, the recipient buys. */
export function conversationSide(
  key: { sellerRefnum: string; buyerRefnum: string },
  viewerRefnum: string,
): 'selling' | 'buying' | null {
  if (viewerRefnum === key.sellerRefnum) return 'selling';
  if (viewerRefnum === key.buyerRefnum) return 'buying';
  return null;
}
