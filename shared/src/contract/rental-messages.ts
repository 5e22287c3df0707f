import { z } from 'zod';
import { conversationMessages, MESSAGE_MAX, rentalConversationMessages } from '../rules/conversation';
import { defineCall } from './call';
import { contentPageOf, isoDateTimeSchema, pageQuerySchema, refnumSchema } from './common';
import { conversationMessageSchema, conversationPartySchema } from './messages';
import { rentalCardSchema } from './rentals';

/**
 * Rental conversations and messaging (issue 20; from the site's root). Their lines and read
 * markers are the marketplace's: /svc/messages/{conversationId} and /svc/messages/read.
 */

export const rentalConversationSchema = z.object({
  conversationId: refnumSchema,
  /** `refnum_landlordRefnum`. */
  key: z.string(),
  /** `buying` for the tenant, `selling` for the landlord. */
  role: z.enum(['buying', 'selling']),
  otherParty: conversationPartySchema,
  rental: rentalCardSchema,
  lastMessage: conversationMessageSchema.nullable(),
  unreadCount: z.number().int(),
  lastMessageAt: isoDateTimeSchema,
});
export type RentalConversation = z.infer<typeof rentalConversationSchema>;

const conversationPage = z.object({
  conversations: contentPageOf(rentalConversationSchema),
});
const newestFirst = {
  orderBy: z.enum(['lastUpdated']).default('lastUpdated'),
  asc: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
};

export const rentalMessagingCalls = {
  conversations: defineCall({
    method: 'GET',
    path: '/rental/conversations',
    root: true,
    auth: 'required',
    summary:
      "The caller's rental conversations: `buy` as tenant, `sell` as landlord (absent: both); `conversationId` keeps that one (an address opens it)",
    query: pageQuerySchema.extend({
      type: z.enum(['sell', 'buy']).optional(),
      conversationId: refnumSchema.optional(),
      ...newestFirst,
    }),
    response: conversationPage,
  }),
  ofListing: defineCall({
    method: 'GET',
    path: '/rental/conversations/listing',
    root: true,
    auth: 'required',
    summary:
      "A rental's conversations the caller is in: every tenant's for its landlord, the caller's own for a tenant",
    query: pageQuerySchema.extend({ refnum: refnumSchema, type: z.enum(['sell', 'buy']).optional(), ...newestFirst }),
    response: conversationPage,
  }),
  send: defineCall({
    method: 'POST',
    path: '/rental/messaging',
    root: true,
    auth: 'required',
    summary: 'Message about a rental: a tenant to its landlord, or the landlord back to a tenant (toRefnum)',
    body: z.object({
      refnum: refnumSchema,
      toRefnum: refnumSchema,
      text: z.string().trim().min(1, conversationMessages.empty).max(MESSAGE_MAX, rentalConversationMessages.tooLong),
    }),
    response: z.object({ conversationId: refnumSchema, message: conversationMessageSchema }),
  }),
} as const;
