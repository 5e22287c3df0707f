import { z } from 'zod';
import { CONVERSATION_TABS, messageTextSchema } from '../rules/conversation';
import { defineCall } from './call';
import { contentPageOf, isoDateTimeSchema, pageQuerySchema, refnumSchema } from './common';
import { listingCardSchema } from './listings';
import { sectionSchema, unreadSectionQuerySchema } from './notifications';

/** One line of a conversation: a person's message, or a system line (an offer's step) with no sender. */
export const conversationMessageSchema = z.object({
  messageId: refnumSchema,
  kind: z.enum(['text', 'system']),
  /** Plain text as written: pages show it escaped, never as HTML. */
  text: z.string(),
  /** Null on a system line. */
  senderRefnum: refnumSchema.nullable(),
  /** Written by the person asking. */
  mine: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** The person on the other side of a conversation. */
export const conversationPartySchema = z.object({
  userRefnum: refnumSchema,
  name: z.string(),
  pictureUrl: z.string().nullable(),
});

/** A conversation in 'My Messages': the listing card, the other party, the last line and what is unread. */
export const conversationSummarySchema = z.object({
  conversationId: refnumSchema,
  /** Spec section 3: `listingRefnum_sellerRefnum`. */
  key: z.string(),
  /** The asker's side: `buying` when they are the buyer, `selling` when the seller. */
  role: z.enum(['buying', 'selling']),
  otherParty: conversationPartySchema,
  listing: listingCardSchema,
  lastMessage: conversationMessageSchema.nullable(),
  unreadCount: z.number().int(),
  lastMessageAt: isoDateTimeSchema,
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationsQuerySchema = pageQuerySchema.extend({
  /** The 'My Messages' tab: `buying`, `selling`, or every conversation (`messages`, `allmessages`). */
  type: z.enum(CONVERSATION_TABS).default('allmessages'),
  listingRefnum: refnumSchema.optional(),
});

export const conversationsCall = defineCall({
  method: 'GET',
  path: '/messages',
  auth: 'required',
  summary: "The caller's conversations, latest activity first (zero-based page), on a tab and optionally one listing",
  query: conversationsQuerySchema,
  response: z.object({
    conversations: contentPageOf(conversationSummarySchema),
  }),
});

export const sendMessageBodySchema = z.object({
  listingRefnum: refnumSchema,
  /** The seller (a buyer writing), or the buyer of an existing conversation (the seller replying). */
  toRefnum: refnumSchema,
  text: messageTextSchema,
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const sendMessageCall = defineCall({
  method: 'POST',
  path: '/messages',
  auth: 'required',
  summary: 'Send a message about a listing: a buyer to its seller, or its seller back to a buyer',
  body: sendMessageBodySchema,
  response: z.object({ conversationId: refnumSchema, message: conversationMessageSchema }),
});

export const unreadMessagesCall = defineCall({
  method: 'GET',
  path: '/messages/unread',
  auth: 'required',
  summary:
    "Lines the caller has not read, across their conversations of a section: the marketplace's (the count on 'My Messages') or the rentals' (`section=rentals`)",
  query: unreadSectionQuerySchema,
  response: z.object({ unreadCount: z.number().int(), conversations: z.number().int() }),
});

export const HISTORY_PAGE_SIZE = 50;

export const conversationHistoryCall = defineCall({
  method: 'GET',
  path: '/messages/{conversationId}',
  auth: 'required',
  summary: 'A conversation and its latest lines, oldest first; `before` (a messageId) pages back',
  query: z.object({
    conversationId: refnumSchema,
    before: refnumSchema.optional(),
    size: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  }),
  response: z.object({
    /**
     * For a rental conversation (its parties read its lines here too), `section` is `rentals`
     * and `listing` is the rental's card as a listing card (refnum, title, photo, public address,
     * monthly rent; no offers or shipping): the rentals calls give its rental card.
     */
    conversation: conversationSummarySchema.omit({ lastMessage: true }).extend({
      section: sectionSchema.optional(),
    }),
    messages: z.array(conversationMessageSchema),
    /** Older lines exist: ask again with `before` the first message's id. */
    hasMore: z.boolean(),
  }),
});

export const markConversationReadCall = defineCall({
  method: 'POST',
  path: '/messages/read',
  auth: 'required',
  summary: 'Mark every line of a conversation read for the caller',
  body: z.object({ conversationId: refnumSchema }),
  response: z.object({ conversationId: refnumSchema, unreadCount: z.number().int() }),
});

export const messageCalls = {
  conversations: conversationsCall,
  send: sendMessageCall,
  unread: unreadMessagesCall,
  history: conversationHistoryCall,
  markRead: markConversationReadCall,
} as const;

// ---- The console's conversations (`/svc/admin/conversations`) ----

/**
 * A conversation about a reported listing, as the console reads it (read-only): its parties and
 * its latest lines, oldest first. Only conversations about listings someone reported are shown.
 */
export const conversationRecordSchema = z.object({
  id: refnumSchema,
  listingId: refnumSchema,
  listingTitle: z.string(),
  buyerEmail: z.string(),
  sellerEmail: z.string(),
  lastMessageAt: isoDateTimeSchema,
  messageCount: z.number().int(),
  messages: z.array(
    z.object({
      messageId: refnumSchema,
      kind: z.enum(['text', 'system']),
      text: z.string(),
      /** Who wrote it: buyer, seller, or system. */
      from: z.enum(['buyer', 'seller', 'system']),
      createdAt: isoDateTimeSchema,
    }),
  ),
});
export type ConversationRecord = z.infer<typeof conversationRecordSchema>;
