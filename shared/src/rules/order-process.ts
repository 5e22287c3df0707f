import { PARCEL_STATUS_LABELS } from './parcels';
import {
  can,
  defineProcess,
  type EventOf,
  eventsFor,
  type NoticeDef,
  type ProcessRole,
  type StateOf,
  stateNames,
} from './process';
import { countSteps, defineInvariants } from './process-invariants';

/** What an order's guards read besides its state. */
export interface OrderFacts {
  /** The order is collected in person (pay-and-pickup), not shipped. */
  pickup: boolean;
}

/** US business days (business-days.ts) the seller has to ship (buy the label) or hand over an order before it is cancelled and refunded (spec section 4). */
export const SHIP_BY_BUSINESS_DAYS = 3;
/** US business days after the carrier delivered a parcel in which the buyer may open a return; then the order is confirmed by itself (spec section 9). */
export const RECEIPT_WINDOW_BUSINESS_DAYS = 3;

/**
 * What every event that completes a sale (reaches `delivered`) does: the seller's share becomes
 * available (less a label deducted from it), and both sides are asked to review each other.
 */
const COMPLETES_SALE = ['releaseSellerShare', 'inviteReviews'] as const;

/**
 * Where a notice (and its mail) about an order leads: that order's page, which shows its state
 * and the next step for each side. Never '/buying' or '/selling': the spec makes those the home page.
 */
export function orderPagePath(orderRefnum: string): string {
  return `/orders/${encodeURIComponent(orderRefnum)}`;
}

/** What an order's notices read of it, as the api loads it when an event is taken. */
export interface OrderNoticeContext {
  refnum: string;
  /** The item's title. */
  title: string;
  listingRefnum: string;
  /** The label's tracking number, once one was bought. */
  trackingNumber: string | null;
}

const toOrder = (order: OrderNoticeContext) => orderPagePath(order.refnum);

/** What both sides read of an order Yardly refunded (the console's Refund); the buyer once their card has it. */
export function refundedByYardly(orderRefnum: string): string {
  return `Order ${orderRefnum} was refunded to the buyer in full by Yardly.`;
}

/** The words of the notices the order's events send (`tells` below), and where each leads. */
const orderNotices = {
  sold: { text: (o) => `Sold: ${o.title}. See the order to ship it or hand it over.`, link: toOrder },
  shipped: {
    text: (o) => `Order ${o.refnum} was shipped: tracking number ${o.trackingNumber ?? ''}`,
    link: (o) => `/buyer-track?listingRefnum=${o.listingRefnum}`,
  },
  arrivedBuyer: {
    text: (o) =>
      `${PARCEL_STATUS_LABELS.delivered}: order ${o.refnum} arrived. Confirm you received it, or return it within ${RECEIPT_WINDOW_BUSINESS_DAYS} business days`,
    link: (o) => `/confirm-item-received?orderId=${o.refnum}`,
  },
  arrivedSeller: {
    text: (o) =>
      `${PARCEL_STATUS_LABELS.delivered}: order ${o.refnum} reached the buyer. Your share is available once they confirm it, or in ${RECEIPT_WINDOW_BUSINESS_DAYS} business days`,
    link: (o) => `/seller-track?listingRefnum=${o.listingRefnum}`,
  },
  pickupConfirmed: { text: () => 'Your pickup is confirmed: enjoy your purchase.', link: toOrder },
  shareAvailable: {
    text: (o) => `Order ${o.refnum} was delivered: your share is now available for payout.`,
    link: toOrder,
  },
  receiptWindowClosed: {
    text: (o) =>
      `Order ${o.refnum} is confirmed as received: the ${RECEIPT_WINDOW_BUSINESS_DAYS} business days to return it have passed`,
    link: toOrder,
  },
  autoCancelled: { text: () => orderMessages.autoCancelled, link: toOrder },
  refundedByYardly: { text: (o) => refundedByYardly(o.refnum), link: toOrder },
} satisfies Record<string, NoticeDef<OrderNoticeContext>>;

/**
 * An order's life (issues 18 and 19, spec section 4). Placing it is one transaction with the
 * listing's `sell`: a shipped order waits for its label, a local one for the handoff (the seller
 * enters the buyer's 6-digit code). The seller must buy the shipping label or hand the item over
 * within three business days or the platform cancels the order with a full refund; the seller
 * may cancel before then; the buyer never cancels. Buying the label ships it; the carrier's
 * "delivered" makes it `arrived`, which opens the receipt window: the buyer confirms it
 * (`confirmDelivery`), or opens a return (the return process, return-process.ts, then moves it
 * to `delivered` or `returned`), or the window closes and the platform confirms it. `delivered`
 * is the completed sale: the seller's share is available and both sides may review each other.
 */
export const orderProcess = defineProcess({
  name: 'order',
  initial: 'paid',
  states: {
    paid: { label: 'Paid, to be shipped', badge: 'To be shipped', refusal: 'awaiting_shipment' },
    awaiting_pickup: { label: 'Awaiting pickup', badge: 'Awaiting pickup', refusal: 'awaiting_pickup' },
    shipped: { label: 'Shipped', badge: 'Shipped', refusal: 'already_shipped' },
    arrived: { label: 'Delivered, to be confirmed', badge: 'Arrived', refusal: 'awaiting_receipt' },
    returning: { label: 'Return requested', badge: 'Return requested', refusal: 'return_open' },
    delivered: { label: 'Delivered', badge: 'Delivered', refusal: 'already_delivered' },
    cancelled: { label: 'Cancelled (refunded)', badge: 'Cancelled', refusal: 'already_cancelled' },
    returned: { label: 'Returned', badge: 'Returned', refusal: 'already_returned' },
  },
  guards: {
    shipped: { test: (f: OrderFacts) => !f.pickup, refusal: 'is_pickup' },
    pickup: { test: (f: OrderFacts) => f.pickup, refusal: 'is_shipped_order' },
  },
  events: {
    place: {
      label: 'Place order',
      from: [],
      to: 'paid',
      by: ['buyer'],
      guard: 'shipped',
      starts: ['autoCancel'],
      tells: [{ to: 'seller', notice: 'sold' }],
    },
    placeForPickup: {
      label: 'Pay and pick up',
      from: [],
      to: 'awaiting_pickup',
      by: ['buyer'],
      guard: 'pickup',
      starts: ['autoCancel'],
      tells: [{ to: 'seller', notice: 'sold' }],
    },
    /** Taken by buying the shipping label (POST /svc/shipping/label). */
    ship: {
      label: 'Print shipping label',
      from: ['paid'],
      to: 'shipped',
      by: ['seller'],
      tells: [{ to: 'buyer', notice: 'shipped' }],
    },
    /** The carrier reported the parcel delivered (its webhook, or the built-in carrier on the clock). */
    arrive: {
      label: 'Delivered by the carrier',
      from: ['shipped'],
      to: 'arrived',
      by: ['system'],
      starts: ['autoConfirm'],
      tells: [
        { to: 'buyer', notice: 'arrivedBuyer' },
        { to: 'seller', notice: 'arrivedSeller' },
      ],
    },
    confirmPickup: {
      label: 'Confirm pickup',
      from: ['awaiting_pickup'],
      to: 'delivered',
      by: ['seller'],
      does: COMPLETES_SALE,
      tells: [{ to: 'buyer', notice: 'pickupConfirmed' }],
    },
    confirmDelivery: {
      label: 'Confirm delivery',
      from: ['shipped', 'arrived'],
      to: 'delivered',
      by: ['buyer', 'admin'],
      does: COMPLETES_SALE,
      tells: [{ to: 'seller', notice: 'shareAvailable' }],
    },
    autoConfirm: {
      label: 'Receipt window closed',
      from: ['arrived'],
      to: 'delivered',
      by: ['system'],
      after: { businessDays: RECEIPT_WINDOW_BUSINESS_DAYS },
      does: COMPLETES_SALE,
      tells: [
        { to: 'buyer', notice: 'receiptWindowClosed' },
        { to: 'seller', notice: 'shareAvailable' },
      ],
    },
    /** The buyer opens a return (POST /svc/returns) while the receipt window is open. */
    openReturn: { label: 'Return item', from: ['arrived'], to: 'returning', by: ['buyer'] },
    /** An admin decided a disputed return for the seller: the sale stands. */
    keepSale: {
      label: 'Return refused',
      from: ['returning'],
      to: 'delivered',
      by: ['admin', 'system'],
      does: COMPLETES_SALE,
    },
    /** The item came back to the seller (or an admin refunded a completed sale in the console). */
    markReturned: {
      label: 'Returned to the seller',
      from: ['returning', 'delivered'],
      to: 'returned',
      by: ['system', 'admin'],
      // The platform's is a return received, which the return process tells of.
      tells: [{ to: 'seller', notice: 'refundedByYardly', by: ['admin'] }],
    },
    cancel: {
      label: 'Cancel order',
      from: ['paid', 'awaiting_pickup'],
      to: 'cancelled',
      by: ['seller', 'admin'],
      // An admin's cancel is a refund by Yardly (the console's Refund). The buyer is told once
      // their card has the refund (card refunds, issue 34), in the cancel's words.
      tells: [{ to: 'seller', notice: 'refundedByYardly', by: ['admin'] }],
    },
    /** Stripe refunded the whole payment outside Yardly (its dashboard) before the item moved (issue 34). */
    refundAtStripe: {
      label: 'Refunded in full at Stripe',
      from: ['paid', 'awaiting_pickup'],
      to: 'cancelled',
      by: ['system'],
    },
    /** The same once the item was shipped or handed over: the sale is undone as a console refund undoes it. */
    refundAtStripeAfterShipping: {
      label: 'Refunded in full at Stripe',
      from: ['shipped', 'arrived', 'delivered'],
      to: 'returned',
      by: ['system'],
    },
    /** Stripe cancelled an authorisation that was never captured (it lapses after 7 days): nothing was taken. */
    authorisationExpired: {
      label: 'Payment authorisation expired',
      from: ['paid', 'awaiting_pickup'],
      to: 'cancelled',
      by: ['system'],
    },
    autoCancel: {
      label: 'Not shipped in time',
      from: ['paid', 'awaiting_pickup'],
      to: 'cancelled',
      by: ['system'],
      after: { businessDays: SHIP_BY_BUSINESS_DAYS },
      does: ['refundUnshippedOrder'],
      // The buyer is told once their card has the refund (card refunds, issue 34).
      tells: [{ to: 'seller', notice: 'autoCancelled' }],
    },
  },
  notices: orderNotices,
});

export type OrderProcess = typeof orderProcess;
export type OrderState = StateOf<OrderProcess>;
export type OrderEvent = EventOf<OrderProcess>;

/** What every sequence of order events must keep (checked exhaustively: api/test/process-exhaustive.test.ts). */
export const orderInvariants = defineInvariants(orderProcess, {
  final: ['cancelled', 'returned'],
  worlds: [{ pickup: false }, { pickup: true }],
  rules: {
    capturedOnce: {
      says: 'an order is paid for at most once: only the event that places it enters a state whose payment is captured',
      holds: (path) => countSteps(path, (s) => s.to === 'paid' || s.to === 'awaiting_pickup') <= 1,
    },
    refundedOnce: {
      says: 'an order is refunded at most once: it is cancelled or returned once, and never both',
      holds: (path) => countSteps(path, (s) => s.to === 'cancelled' || s.to === 'returned') <= 1,
    },
    completedOnce: {
      says: "the seller's share of an order is released at most once: it is delivered at most once",
      holds: (path) => countSteps(path, (s) => s.to === 'delivered') <= 1,
    },
    pickupNeverShipped: {
      says: 'an order placed for pickup is never shipped, and a shipped one never handed over by code',
      holds: (path) =>
        path[0]?.event === 'placeForPickup'
          ? countSteps(path, (s) => s.event === 'ship' || s.event === 'arrive') === 0
          : countSteps(path, (s) => s.event === 'confirmPickup') === 0,
    },
    buyerNeverCancels: {
      says: 'the buyer never cancels an order, nor undoes a completed sale',
      holds: (path) => countSteps(path, (s) => s.by === 'buyer' && (s.to === 'cancelled' || s.to === 'returned')) === 0,
    },
  },
});

export const ORDER_STATES = stateNames(orderProcess);

/** Orders whose money is still held for the seller (pending): not yet delivered, not cancelled. */
export const OPEN_ORDER_STATES = [
  'paid',
  'awaiting_pickup',
  'shipped',
  'arrived',
  'returning',
] as const satisfies readonly OrderState[];

/** The buttons a party sees on an order: the events the table allows them. */
export function orderEventsFor(state: OrderState, role: ProcessRole, facts: OrderFacts): OrderEvent[] {
  return eventsFor(orderProcess, state, role, facts);
}

/** The console's Refund takes one of these: a cancel before the item moved, the sale undone after it. */
export const CONSOLE_REFUND_EVENTS = ['cancel', 'markReturned'] as const satisfies readonly OrderEvent[];
export type ConsoleRefundEvent = (typeof CONSOLE_REFUND_EVENTS)[number];

/** The event the console's Refund takes on an order in `state`, as the table allows an admin; none when it may not. */
export function consoleRefundEvent(state: OrderState, facts: OrderFacts): ConsoleRefundEvent | undefined {
  return CONSOLE_REFUND_EVENTS.find((event) => can(orderProcess, state, event, 'admin', facts).ok);
}

/**
 * The dashboards' filters (spec section 4) as the order states each shows, spelt as the spec
 * spells them. OPEN_OFFFERS shows offers, not orders; EXPIRED shows the seller's expired
 * listings (the listings' filter), so neither names an order state.
 */
export const BUY_FILTER_ORDER_STATES = {
  OPEN_OFFFERS: [],
  IN_PROGRESS: ['paid', 'awaiting_pickup', 'shipped'],
  DELIVERED: ['arrived', 'delivered'],
  CANCELLED: ['cancelled'],
  RETURNED: ['returning', 'returned'],
} as const satisfies Record<string, readonly OrderState[]>;

export const SELL_FILTER_ORDER_STATES = {
  ALL: ORDER_STATES,
  EXPIRED: [],
  CANCELLED: ['cancelled'],
  ACTIVE_AND_TO_BE_SHIPPED: ['paid', 'awaiting_pickup'],
  SOLD_AND_DELIVERED: ['shipped', 'arrived', 'delivered'],
  RETURNED: ['returning', 'returned'],
} as const satisfies Record<string, readonly OrderState[]>;

export type OrderBuyFilter = keyof typeof BUY_FILTER_ORDER_STATES;
export type OrderSellFilter = keyof typeof SELL_FILTER_ORDER_STATES;

/** The order states a dashboard filter shows on one side; every state when no filter is given. */
export function orderStatesFor(side: 'buying' | 'selling', filter: string | undefined): readonly OrderState[] {
  if (filter === undefined) return ORDER_STATES;
  const table: Record<string, readonly OrderState[]> =
    side === 'buying' ? BUY_FILTER_ORDER_STATES : SELL_FILTER_ORDER_STATES;
  return table[filter] ?? [];
}

/** Digits of the code a local buyer shows the seller at the handoff. */
export const PICKUP_CODE_LENGTH = 6;
/** Wrong codes before the order's pickup code is locked. */
export const PICKUP_CODE_ATTEMPTS = 5;

/**
 * How many checkouts a person may have open at once (started, not placed, not yet looked at by the
 * sweep of closed tabs, about 20 minutes): one account cannot crowd the sweep out (issue 34).
 */
export const OPEN_CHECKOUTS_PER_BUYER = 5;

export const orderMessages = {
  noLongerAvailable: 'This item is no longer available',
  tooManyOpenCheckouts: `You have ${OPEN_CHECKOUTS_PER_BUYER} checkouts in progress: finish one, or try again in about 20 minutes`,
  notFound: 'This order does not exist',
  notYours: 'Only the buyer, the seller or an admin can see this order',
  buyerCannotCancel: 'An order cannot be cancelled once the offer is accepted or placed',
  onlySellerConfirmsPickup: 'Only the seller confirms a pickup with the buyer’s code',
  onlyBuyerConfirmsDelivery: 'Only the buyer confirms that a shipped order arrived',
  wrongPickupCode: 'That pickup code is not right. Check it with the buyer',
  pickupLocked: 'Too many wrong pickup codes: this order’s code is locked. Contact support',
  ownListing: 'You cannot buy your own listing',
  notBuyNow: 'This listing is not for sale by Buy Now: make an offer instead',
  offerNotYours: 'Only the buyer of this accepted offer can pay for it',
  offerNotAccepted: 'Only an accepted offer can be paid for',
  offerLapsed: 'The 24 hours to pay for this accepted offer have passed',
  reservedForAnother: 'This item is reserved for another buyer',
  noShipping: 'This item is not shipped: choose local pickup',
  noPickup: 'This item cannot be picked up: choose shipping',
  addressRequired: 'Choose a shipping address',
  addressNotYours: 'Choose one of your saved addresses',
  intentNotFound: 'This payment does not exist',
  notAuthorised: 'This payment has not been authorised yet: confirm the card first',
  amountChanged: 'The price changed since this payment was started: start the checkout again',
  idempotencyKeyRequired: 'Send an Idempotency-Key header (1-200 characters) with this request',
  idempotencyKeyTooLong: 'The Idempotency-Key header is too long: send a key of at most 200 characters',
  /** Stripe refuses card charges under 50¢ (MIN_CARD_CHARGE_CENTS). */
  belowCardMinimum: 'A card payment must be at least $0.50: this total is too small to pay by card',
  wrongDelivery: 'This payment was started for another delivery method',
  pickupNeedsListing: 'Name either the offer or the listing to pay for',
  cancelled: 'Order cancelled: the buyer is refunded in full',
  sellerCancelled: 'The seller cancelled your order: you are refunded in full',
  autoCancelled: 'The order was not shipped in time: it is cancelled and refunded in full',
  reservationLapsed: 'The accepted offer was not paid within 24 hours: the item is on sale again',
  refundedInFullBuyer: 'Your payment for this order was refunded in full: the order is closed',
  refundedInFullSeller: 'The buyer of this order was refunded in full by Yardly: the order is closed',
  authorisationExpiredBuyer:
    'The hold on your card for this order expired before the payment was taken: the order is cancelled and nothing was charged',
  authorisationExpiredSeller:
    'The buyer’s payment for this order expired before it was taken: the order is cancelled. Do not hand the item over',
  payOfferOrListing: 'Name either the offer or the listing to pay for',
  pickupCodeFormat: 'Enter the 6-digit pickup code',
} as const;

/** The message a party reads when the table refuses `event` on an order for `reason`. */
export function orderRefusalMessage(event: OrderEvent, reason: string): string {
  if (event === 'cancel' && reason === 'not_your_turn') return orderMessages.buyerCannotCancel;
  if (event === 'confirmDelivery' && reason === 'not_your_turn') return orderMessages.onlyBuyerConfirmsDelivery;
  if (event === 'confirmPickup' && reason === 'not_your_turn') return orderMessages.onlySellerConfirmsPickup;
  const state = stateNames(orderProcess).find((s) => orderProcess.states[s].refusal === reason);
  if (state)
    return `This order is ${orderProcess.states[state].label.toLowerCase()}: ${orderProcess.events[event].label} is not possible now`;
  return `${orderProcess.events[event].label} is not possible for this order now (${reason})`;
}
