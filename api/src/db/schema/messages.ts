import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { listings } from './listings';
import { rentals } from './rentals';
import { users } from './users';

/**
 * One conversation per listing and buyer, with its seller (spec section 3 keys it
 * `listingRefnum_sellerRefnum`). Each party's read marker is the last line they have read.
 * A rental's conversation (issue 20) is the same thing about a rental: `rental_id` instead of
 * `listing_id`, the tenant as buyer and the landlord as seller, so lines, read markers, live
 * updates and notification emails are one piece of code for both.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    listingId: reference('listing_id', () => listings.id, { onDelete: 'cascade' }),
    rentalId: reference('rental_id', () => rentals.id, { onDelete: 'cascade' }),
    buyerId: reference('buyer_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    sellerId: reference('seller_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    lastMessageAt: at('last_message_at').notNull(),
    /** The id of the last line the buyer (the seller) has read; 0 for none. */
    buyerReadId: bigint('buyer_read_id', { mode: 'number' }).notNull().default(0),
    sellerReadId: bigint('seller_read_id', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('conversations_listing_buyer_idx').on(t.listingId, t.buyerId),
    uniqueIndex('conversations_rental_buyer_idx').on(t.rentalId, t.buyerId),
    check('conversations_one_subject', sql`(${t.listingId} is null) <> (${t.rentalId} is null)`),
    index('conversations_buyer_idx').on(t.buyerId, t.lastMessageAt.desc()),
    index('conversations_seller_idx').on(t.sellerId, t.lastMessageAt.desc()),
    check('conversations_two_parties', sql`${t.buyerId} <> ${t.sellerId}`),
  ],
);

/** The lines of a conversation: a party's message, or a system line (an offer's step) without sender. */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    conversationId: reference('conversation_id', () => conversations.id, { onDelete: 'cascade' }).notNull(),
    senderId: reference('sender_id', () => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['text', 'system'] }).notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    check('messages_system_has_no_sender', sql`(${t.kind} = 'system') = (${t.senderId} is null)`),
  ],
);
