import { MAX_PHOTOS } from './listing-rules';
import { orderPagePath } from './order-process';
import type { CardRefundStatus } from './payouts';
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

/** A return's guards read nothing beyond its state and who acts. */
export type ReturnFacts = Record<string, never>;

/** US business days the seller has to accept or dispute a return before the platform accepts it for them. */
export const RETURN_REPLY_BUSINESS_DAYS = 3;
/** The longest description a buyer may write of what is wrong. */
export const RETURN_TEXT_MAX = 1000;
/** Photos a return may show (as many as a listing). */
export const RETURN_MAX_PHOTOS = MAX_PHOTOS;

/** Why an item goes back (issue 19 §3), in the order the form lists them. */
export const RETURN_REASONS = ['not_as_described', 'damaged', 'wrong_item', 'does_not_work', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Readonly<Record<ReturnReason, string>> = {
  not_as_described: 'Not as described',
  damaged: 'Damaged',
  wrong_item: 'Wrong item',
  does_not_work: 'Does not work',
  other: 'Other',
};

/**
 * A return's life (issue 19 §3). The buyer opens it while the order's receipt window is open
 * (order-process.ts: `openReturn` moves the order to `returning` in the same transaction). The
 * seller accepts it (a prepaid return label is bought for the buyer) or disputes it within three
 * business days, else the platform accepts it. A disputed return waits in the console's Returns
 * queue, where ROLE_ADMIN decides: for the buyer (accepted, the label bought) or for the seller
 * (refused: the order's `keepSale`, the sale stands). When the carrier delivers the parcel back
 * the item price is refunded (shipping is not) and the order is `returned`.
 */
/** What a return's notices read of it: its order. */
export interface ReturnNoticeContext {
  orderRefnum: string;
}

const toOrder = (r: ReturnNoticeContext) => orderPagePath(r.orderRefnum);

/** The words of the notices the return's events send (`tells` below), and where each leads. */
const returnNotices = {
  opened: {
    text: (r) =>
      `The buyer of order ${r.orderRefnum} asked to return it: accept or dispute within ${RETURN_REPLY_BUSINESS_DAYS} business days.`,
    link: toOrder,
  },
  accepted: { text: (r) => `${returnMessages.accepted} (order ${r.orderRefnum}).`, link: toOrder },
  acceptedForSeller: {
    text: (r) =>
      `The return of order ${r.orderRefnum} was accepted by Yardly: you did not answer within ${RETURN_REPLY_BUSINESS_DAYS} business days.`,
    link: toOrder,
  },
  disputed: { text: (r) => `${returnMessages.disputed} (order ${r.orderRefnum}).`, link: toOrder },
  refused: { text: (r) => `${returnMessages.refused} (order ${r.orderRefnum}).`, link: toOrder },
  deliveredBack: {
    text: (r) =>
      `The returned item of order ${r.orderRefnum} was delivered back to you: the buyer is refunded the item price.`,
    link: toOrder,
  },
} satisfies Record<string, NoticeDef<ReturnNoticeContext>>;

export const returnProcess = defineProcess({
  name: 'return',
  initial: 'requested',
  states: {
    requested: { label: 'Return requested', badge: 'Return requested', refusal: 'return_requested' },
    accepted: { label: 'Accepted, on its way back', badge: 'Return accepted', refusal: 'already_accepted' },
    disputed: { label: 'Disputed, Yardly decides', badge: 'Return disputed', refusal: 'already_disputed' },
    refunded: { label: 'Returned and refunded', badge: 'Refunded', refusal: 'already_refunded' },
    refused: { label: 'Refused, the sale stands', badge: 'Return refused', refusal: 'already_refused' },
  },
  guards: {},
  events: {
    /** POST /svc/returns: one transaction with the order's `openReturn`. */
    open: {
      label: 'Return item',
      from: [],
      to: 'requested',
      by: ['buyer'],
      starts: ['autoAccept'],
      tells: [{ to: 'seller', notice: 'opened' }],
    },
    accept: {
      label: 'Accept return',
      from: ['requested'],
      to: 'accepted',
      by: ['seller'],
      tells: [{ to: 'buyer', notice: 'accepted' }],
    },
    dispute: {
      label: 'Dispute return',
      from: ['requested'],
      to: 'disputed',
      by: ['seller'],
      tells: [{ to: 'buyer', notice: 'disputed' }],
    },
    autoAccept: {
      label: 'Seller did not answer in time',
      from: ['requested'],
      to: 'accepted',
      by: ['system'],
      after: { businessDays: RETURN_REPLY_BUSINESS_DAYS },
      does: ['acceptUnansweredReturn'],
      tells: [
        { to: 'buyer', notice: 'accepted' },
        { to: 'seller', notice: 'acceptedForSeller' },
      ],
    },
    /** The console's decision for the buyer. */
    approve: {
      label: 'Decide for the buyer',
      from: ['disputed'],
      to: 'accepted',
      by: ['admin'],
      tells: [{ to: 'buyer', notice: 'accepted' }],
    },
    /** The console's decision for the seller: the order's `keepSale`. */
    refuse: {
      label: 'Decide for the seller',
      from: ['disputed'],
      to: 'refused',
      by: ['admin'],
      tells: [
        { to: 'buyer', notice: 'refused' },
        { to: 'seller', notice: 'refused' },
      ],
    },
    /** An admin refunded the order in full from the console while its return was open: nothing more to decide. */
    closeByRefund: {
      label: 'Refunded in full by Yardly',
      from: ['requested', 'accepted', 'disputed'],
      to: 'refunded',
      by: ['admin'],
    },
    /** The carrier delivered the return parcel to the seller: the item price is refunded. */
    receive: {
      label: 'Delivered back to the seller',
      from: ['accepted'],
      to: 'refunded',
      by: ['system'],
      // The buyer is told once their card has the refund (card refunds, issue 34).
      tells: [{ to: 'seller', notice: 'deliveredBack' }],
    },
  },
  notices: returnNotices,
});

export type ReturnProcess = typeof returnProcess;
export type ReturnState = StateOf<ReturnProcess>;
export type ReturnEvent = EventOf<ReturnProcess>;

/** What every sequence of return events must keep (checked exhaustively: api/test/process-exhaustive.test.ts). */
export const returnInvariants = defineInvariants(returnProcess, {
  final: ['refunded', 'refused'],
  worlds: [{}],
  rules: {
    refundedOnce: {
      says: 'a return refunds the item at most once',
      holds: (path) => countSteps(path, (s) => s.to === 'refunded') <= 1,
    },
    decidedOnce: {
      says: 'a return is answered once (by the seller or the timer) and a dispute decided once',
      holds: (path) =>
        countSteps(path, (s) => s.from === 'requested') <= 1 && countSteps(path, (s) => s.from === 'disputed') <= 1,
    },
    onlyAdminDecides: {
      says: 'only an admin decides a disputed return',
      holds: (path) => path.every((s) => s.from !== 'disputed' || s.by === 'admin'),
    },
  },
});

export const RETURN_STATES = stateNames(returnProcess);

/** What the console's decision may be on a disputed return, and the event each takes. */
export const RETURN_DECISIONS = { buyer: 'approve', seller: 'refuse' } as const satisfies Record<string, ReturnEvent>;
export type ReturnDecision = keyof typeof RETURN_DECISIONS;

/** The buttons a party sees on a return: the events the table allows them. */
export function returnEventsFor(state: ReturnState, role: ProcessRole): ReturnEvent[] {
  return eventsFor(returnProcess, state, role, {});
}

export const returnMessages = {
  notFound: 'This return does not exist',
  notYours: 'Only the buyer, the seller or an admin can see this return',
  onlyBuyerOpens: 'Only the buyer of this order can return it',
  onlySellerAnswers: 'Only the seller of this order can accept or dispute its return',
  onlyAdminDecides: 'Only an admin decides a disputed return',
  windowClosed: 'Returns are accepted within 3 business days of delivery: the window for this order has closed',
  notArrived: 'This order can be returned once the carrier has delivered it',
  alreadyOpened: 'A return was already opened for this order',
  reasonRequired: 'Choose why you are returning the item',
  textRequired: 'Tell the seller what is wrong with the item',
  textTooLong: `Describe the problem in at most ${RETURN_TEXT_MAX} characters`,
  tooManyPhotos: `You can add up to ${RETURN_MAX_PHOTOS} photos`,
  photosClosed: 'Photos can be added only while the return waits for the seller',
  decisionRequired: 'Decide for the buyer or for the seller',
  noteRequired: 'Write why you decided so (kept in the audit log)',
  opened: 'Return requested: the seller has 3 business days to answer',
  accepted: 'Return accepted: print the prepaid label and send the item back',
  disputed: 'The seller disputed the return: Yardly will decide',
  refused: 'Yardly decided for the seller: the sale stands',
  refunded:
    'The item is back with the seller: the item price is refunded in 5-10 days (shipping fees are not refunded)',
  listingOrOrderRequired: 'Name the listing or the order',
} as const;

/** The message a party reads when the table refuses `event` on a return for `reason`. */
export function returnRefusalMessage(event: ReturnEvent, reason: string): string {
  if (reason === 'not_your_turn') {
    if (event === 'accept' || event === 'dispute') return returnMessages.onlySellerAnswers;
    if (event === 'approve' || event === 'refuse') return returnMessages.onlyAdminDecides;
    if (event === 'open') return returnMessages.onlyBuyerOpens;
  }
  const state = RETURN_STATES.find((s) => returnProcess.states[s].refusal === reason);
  if (state)
    return `This return is ${returnProcess.states[state].label.toLowerCase()}: ${returnProcess.events[event].label} is not possible now`;
  return `${returnProcess.events[event].label} is not possible for this return now (${reason})`;
}

/**
 * A return's status as a person reads it: a refunded return whose refund to the card the provider
 * has not made yet (held for want of balance, failed and being sent again) says so (issue 34);
 * the buyer is never told "refunded" before the card has it.
 */
export function returnStatusLabel(state: ReturnState, cardRefund: CardRefundStatus | null): string {
  if (state === 'refunded' && (cardRefund === 'sending' || cardRefund === 'pending' || cardRefund === 'failed')) {
    return 'Returned, refund to the card on its way';
  }
  return returnProcess.states[state].label;
}
