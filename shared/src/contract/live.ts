import { z } from 'zod';
import { defineCall } from './call';
import { isoDateTimeSchema, refnumSchema } from './common';
import { conversationMessageSchema } from './messages';
import { sectionSchema } from './notifications';
import { offerSchema } from './offers';

/** Seconds a live ticket may be used, once. */
export const LIVE_TICKET_SECONDS = 60;

export const liveTicketCall = defineCall({
  method: 'POST',
  path: '/live/ticket',
  auth: 'required',
  summary:
    'A single-use ticket (60 s) to open GET /svc/live?ticket= where no Authorization header can be sent (EventSource)',
  response: z.object({ ticket: z.string(), expiresAt: isoDateTimeSchema }),
});

export const liveCalls = { ticket: liveTicketCall } as const;

/**
 * What GET /svc/live streams (`text/event-stream`): each event has an `id` (reconnect with
 * `Last-Event-ID` to get what was missed), its `event` is the type below and its `data` the JSON.
 * `ready` comes first on every connection: it carries the id the stream starts after.
 */
export const liveEventSchemas = {
  ready: z.object({}),
  /** A line was added to one of the person's conversations (theirs, the other party's, or an offer's step). */
  message: z.object({
    conversationId: refnumSchema,
    /** The conversation's subject: a listing's refnum, or a rental's in the rentals section. */
    listingRefnum: refnumSchema,
    /** `rentals` for a rental conversation (absent from older events: `market`). */
    section: sectionSchema.optional(),
    message: conversationMessageSchema,
  }),
  /**
   * An offer of one of the person's threads changed (made, countered, accepted, declined,
   * withdrawn, expired), told to its buyer and its seller: open offer pages follow it.
   */
  offer: z.object({ offer: offerSchema }),
  /** The person read a conversation (in another tab): its unread count is now 0. */
  read: z.object({ conversationId: refnumSchema }),
  /** A notification for the person (the menu's count follows `unreadCount`). */
  notification: z.object({
    unreadCount: z.number().int(),
    /** Whose bell it is for: the marketplace's or the rentals' (absent from older events: `market`); `unreadCount` is that section's. */
    section: sectionSchema.optional(),
  }),
  /** The person marked notifications read (in another tab): how many are still unread (in `section`). */
  'notifications-read': z.object({
    unreadCount: z.number().int(),
    section: sectionSchema.optional(),
  }),
} as const;
export type LiveEventType = keyof typeof liveEventSchemas;
export type LiveEventPayload<T extends LiveEventType> = z.infer<(typeof liveEventSchemas)[T]>;
