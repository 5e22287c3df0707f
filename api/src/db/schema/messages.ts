import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    refnum: text('refnum').notNull().unique(),
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'cascade' }),
    rentalId: bigint('rental_id', { mode: 'number' }).references(() => rentals.id, { onDelete: 'cascade' }),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** The id of the last line the buyer (the seller) has read; 0 for none. */
    buyerReadId: bigint('buyer_read_id', { mode: 'number' }).notNull().default(0),
    sellerReadId: bigint('seller_read_id', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    refnum: text('refnum').notNull().unique(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['text', 'system'] }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    check('messages_system_has_no_sender', sql`(${t.kind} = 'system') = (${t.senderId} is null)`),
  ],
);
