/**
 * Messaging between a buyer and a seller about one listing (spec sections 2, 3 and 7): the
 * tabs, the length of a message, the texts a person sees, and the system lines that show an
 * offer's steps inside the conversation.
 */
import { z } from 'zod';
import type { RateLimit } from './auth';
import { formatCents } from './money';

/** 'My Messages' tab keys that list conversations (the offers tabs, `offers` and `offer`, list offers). */
export const CONVERSATION_TABS = ['messages', 'allmessages', 'buying', 'selling'] as const;
export type ConversationTab = (typeof CONVERSATION_TABS)[number];

/** A message is plain text of 1 to 2000 characters (counted as a person counts them: emoji are one). */
export const MESSAGE_MAX = 2000;

export const conversationMessages = {
  empty: 'Please enter a message',
  tooLong: `A message cannot exceed ${MESSAGE_MAX} characters`,
  notAParty: 'Only the buyer and the seller can see this conversation',
  ownListing: 'You cannot message yourself about your own listing',
  wrongRecipient: 'You can only message the seller of this listing, or reply to a buyer who wrote to you',
  unknownLine: 'This message is not part of this conversation',
  /** A `/messages/{encoded id}` address that names no conversation. */
  notFound: 'This conversation does not exist',
} as const;

/** What a person reads when a rental message is refused (issue 20: a tenant writes to the landlord, who answers). */
export const rentalConversationMessages = {
  wrongRecipient: 'You can only message the landlord of this place, or reply to a tenant who wrote to you',
  /** The rentals' own wording of the marketplace's limit (`conversationMessages.tooLong`). */
  tooLong: `A message can be at most ${MESSAGE_MAX} characters`,
} as const;

/**
 * Messages one person may send in a minute, over all their conversations: one a second for a
 * whole minute, far above anyone typing or pasting a few lines, and enough for a conversation
 * longer than a page of history to be written at once (the tests do); low enough that a script
 * cannot flood people's inboxes, notifications and emails. Past it the send is refused with 429
 * until the minute is over; one counter in the database, so every api process agrees.
 */
export const MESSAGE_RATE_LIMIT = { max: 60, windowMinutes: 1 } as const satisfies RateLimit;

/** Why a send past `MESSAGE_RATE_LIMIT` is refused, and when to try again. */
export function messageRateMessage(minutes: number): string {
  return `You are sending messages too quickly: please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again`;
}

/** A message's text as typed: trimmed, not empty, at most 2000 characters. Never HTML: pages show it escaped. */
export const messageTextSchema = z
  .string({ error: conversationMessages.empty })
  .trim()
  .min(1, { message: conversationMessages.empty, abort: true })
  .refine((text) => [...text].length <= MESSAGE_MAX, conversationMessages.tooLong);

/** The conversation key of spec section 3: `listingRefnum_sellerRefnum` (there is one such conversation per buyer). */
export function conversationKey(listingRefnum: string, sellerRefnum: string): string {
  return `${listingRefnum}_${sellerRefnum}`;
}

/** A step of an offer as the conversation shows it; `amountCents` for the steps that name a price. */
export type OfferLineEvent =
  | { event: 'offered' | 'countered'; amountCents: number }
  | { event: 'accepted' | 'declined' | 'expired' | 'cancelled' };

/** The system line an offer step leaves in the conversation: 'Offered $40.00', 'Countered $45.00', 'Accepted', 'Expired'. */
export function offerLine(step: OfferLineEvent): string {
  switch (step.event) {
    case 'offered':
      return `Offered ${formatCents(step.amountCents)}`;
    case 'countered':
      return `Countered ${formatCents(step.amountCents)}`;
    case 'accepted':
      return 'Accepted';
    case 'declined':
      return 'Declined';
    case 'expired':
      return 'Expired';
    case 'cancelled':
      return 'Cancelled';
  }
}
