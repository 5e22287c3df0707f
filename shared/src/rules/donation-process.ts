import {
  defineProcess,
  type EventOf,
  eventsFor,
  type NoticeDef,
  type ProcessRole,
  type StateOf,
  stateNames,
} from './process';
import { countSteps, defineInvariants } from './process-invariants';

/** A donation order's guards read nothing beyond its state and who acts. */
export type DonationFacts = Record<string, never>;

/** Days a donor has to confirm a pickup address before the request lapses (issue 21). */
export const DONATION_CONFIRM_DAYS = 7;
/**
 * US business days within which a Yardly representative contacts the donor once the pickup is
 * confirmed (spec section 9: "Donation representative contact 2-3 business days"); past the
 * upper bound without a contact note, the console marks the donation overdue.
 */
export const DONATION_CONTACT_BUSINESS_DAYS = 3;
/** Photos documenting one handover (the listings' limit, spec section 9). */
export const DONATION_MAX_PHOTOS = 4;
/** The longest contact note a representative writes in the console. */
export const DONATION_NOTE_MAX = 1000;

/**
 * A donation order's life (issue 21). A member of a verified charity requests a donation listing
 * (`request`: the listing is reserved for them, donor and recipient share a conversation); the
 * donor confirms a pickup address at the item's zip (`confirmPickup`), or the request lapses after
 * seven days; the recipient (or the console) records the pickup and then the receipt. Received,
 * the listing is donated ('Donated') and the donor is mailed a receipt. Until it is picked up, the
 * donor, the recipient or the console may cancel: the listing is on offer again.
 *
 * The donor is the process's `seller`, the recipient its `buyer`.
 */
/** What a donation's notices read of it, as the api loads it when a step is taken. */
export interface DonationNoticeContext {
  listingTitle: string;
  recipientName: string;
  organizationName: string;
  /** The donor and the recipient's conversation, where every step but the request leads. */
  messagesPath: string;
  /** The donor's page to confirm the pickup address, where the request leads them. */
  confirmPath: string;
}

const toConversation = (c: DonationNoticeContext) => c.messagesPath;
const item = (c: DonationNoticeContext) => `“${c.listingTitle}”`;

/** The words of the notices a donation's steps send (`tells` below): the same words to whoever is told. */
const donationNotices = {
  requested: {
    text: (c) =>
      `${c.recipientName} asked for your donation ${item(c)} for ${c.organizationName}: confirm a pickup address within ${DONATION_CONFIRM_DAYS} days.`,
    link: (c) => c.confirmPath,
  },
  pickupConfirmed: {
    text: (c) =>
      `The donor confirmed the pickup address for ${item(c)}: a Yardly representative will be in touch within 2-3 business days.`,
    link: toConversation,
  },
  pickedUp: { text: (c) => `The donation ${item(c)} was marked as picked up.`, link: toConversation },
  received: {
    text: (c) => `The donation ${item(c)} was received by ${c.organizationName}. Thank you!`,
    link: toConversation,
  },
  cancelled: { text: (c) => `The donation of ${item(c)} was cancelled.`, link: toConversation },
  lapsed: {
    text: (c) =>
      `The request for ${item(c)} lapsed: no pickup address was confirmed within ${DONATION_CONFIRM_DAYS} days.`,
    link: toConversation,
  },
} satisfies Record<string, NoticeDef<DonationNoticeContext>>;

/**
 * The party who did not take a step is told (both when an admin or the platform took it): the
 * recipient is the donation's buyer, the donor its seller.
 */
const toTheOther = <N extends keyof typeof donationNotices>(notice: N) =>
  [
    { to: 'buyer', notice, by: ['seller', 'admin', 'system'] },
    { to: 'seller', notice, by: ['buyer', 'admin', 'system'] },
  ] as const;

export const donationProcess = defineProcess({
  name: 'donation',
  initial: 'requested',
  states: {
    requested: { label: 'Requested, waiting for the donor', badge: 'Requested', refusal: 'already_requested' },
    pickupConfirmed: { label: 'Pickup address confirmed', badge: 'Pickup confirmed', refusal: 'pickup_confirmed' },
    pickedUp: { label: 'Picked up', badge: 'Picked up', refusal: 'already_picked_up' },
    received: { label: 'Received by the charity', badge: 'Donated', refusal: 'already_received' },
    cancelled: { label: 'Cancelled', badge: 'Cancelled', refusal: 'cancelled' },
  },
  guards: {},
  events: {
    /** POST /svc/donations/placeOrder: one transaction with the listing's `reserve`. */
    request: {
      label: 'Request donation',
      from: [],
      to: 'requested',
      by: ['buyer'],
      starts: ['lapse'],
      tells: toTheOther('requested'),
    },
    /** POST /svc/donations/confirm: the donor's pickup address, at the item's zip. */
    confirmPickup: {
      label: 'Confirm pickup address',
      from: ['requested'],
      to: 'pickupConfirmed',
      by: ['seller'],
      tells: toTheOther('pickupConfirmed'),
    },
    pickUp: {
      label: 'Mark as picked up',
      from: ['pickupConfirmed'],
      to: 'pickedUp',
      by: ['buyer', 'admin'],
      tells: toTheOther('pickedUp'),
    },
    /** The listing is donated in the same transaction; the donor is mailed a receipt. */
    receive: {
      label: 'Mark as received',
      from: ['pickedUp'],
      to: 'received',
      by: ['buyer', 'admin'],
      tells: toTheOther('received'),
    },
    cancel: {
      label: 'Cancel donation',
      from: ['requested', 'pickupConfirmed'],
      to: 'cancelled',
      by: ['seller', 'buyer', 'admin'],
      tells: toTheOther('cancelled'),
    },
    lapse: {
      label: 'Donor did not confirm in time',
      from: ['requested'],
      to: 'cancelled',
      by: ['system'],
      after: { days: DONATION_CONFIRM_DAYS },
      does: ['followLapse'],
      tells: toTheOther('lapsed'),
    },
  },
  notices: donationNotices,
});

export type DonationProcess = typeof donationProcess;
export type DonationState = StateOf<DonationProcess>;
export type DonationEvent = EventOf<DonationProcess>;

/** What every sequence of donation events must keep (checked exhaustively: api/test/process-exhaustive.test.ts). */
export const donationInvariants = defineInvariants(donationProcess, {
  final: ['received', 'cancelled'],
  worlds: [{}],
  rules: {
    receivedOnce: {
      says: 'a donation is received (its listing donated) at most once',
      holds: (path) => countSteps(path, (s) => s.to === 'received') <= 1,
    },
    noCancelAfterPickup: {
      says: 'a donation picked up is never cancelled',
      holds: (path) => {
        const pickedUp = path.findIndex((s) => s.event === 'pickUp');
        return pickedUp < 0 || path.slice(pickedUp).every((s) => s.to !== 'cancelled');
      },
    },
    donorConfirmsFirst: {
      says: 'nobody picks a donation up before its donor confirmed the pickup address',
      holds: (path) => {
        const confirmed = path.findIndex((s) => s.event === 'confirmPickup');
        const pickedUp = path.findIndex((s) => s.event === 'pickUp');
        return pickedUp < 0 || (confirmed >= 0 && confirmed < pickedUp);
      },
    },
  },
});

export const DONATION_STATES = stateNames(donationProcess);
/** States in which a donation still holds its listing: a second request is refused. */
export const DONATION_OPEN_STATES: readonly DonationState[] = ['requested', 'pickupConfirmed', 'pickedUp'];

/** What `role` may do with a donation in `state` now: the buttons of both sides and the console. */
export function donationEventsFor(state: DonationState, role: ProcessRole): DonationEvent[] {
  return eventsFor(donationProcess, state, role, {});
}

/** The words a person reads when a donation event is refused, by the refusal reason. */
const DONATION_REFUSALS: Record<string, string> = {
  already_requested: 'This donation is still waiting for the donor',
  pickup_confirmed: 'The pickup address is already confirmed',
  already_picked_up: 'This donation has already been picked up',
  already_received: 'This donation has already been received',
  cancelled: 'This donation was cancelled',
  not_your_turn: 'You cannot do this with this donation',
};

export function donationRefusalMessage(_event: DonationEvent, reason: string): string {
  return DONATION_REFUSALS[reason] ?? 'This action is not possible on this donation now';
}
