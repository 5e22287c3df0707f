import { OFFER_STATES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { listings } from './listings';
import { users } from './users';

/** Where an offer is in its life (`shared/src/rules/offer-process.ts`); only the process layer changes it. */
export const offerState = pgEnum('offer_state', OFFER_STATES);

/**
 * One buyer's negotiation on one listing (spec section 3's offer thread). One row per (listing,
 * buyer), so making an offer locks it and the "one open offer" rule is a row lock, not a race.
 */
export const offerThreads = pgTable(
  'offer_threads',
  {
    id: id(),
    /** listingRefnum_buyerRefnum_sellerRefnum. */
    key: text('key').notNull().unique(),
    listingId: reference('listing_id', () => listings.id, { onDelete: 'cascade' }).notNull(),
    buyerId: reference('buyer_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    sellerId: reference('seller_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    createdAt: at('created_at').notNull(),
    /** When its latest offer was made or answered: threads are listed newest first by it. */
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('offer_threads_listing_buyer_idx').on(t.listingId, t.buyerId),
    index('offer_threads_buyer_idx').on(t.buyerId, t.updatedAt.desc()),
  ],
);

/**
 * Offers and counter-offers. A row's price never changes: a counter is a new row (its `parent_id`
 * the offer it counters). The checkout issue's order refers to the accepted row (`offerRefnum`).
 */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    threadId: reference('thread_id', () => offerThreads.id, { onDelete: 'cascade' }).notNull(),
    listingId: reference('listing_id', () => listings.id, { onDelete: 'cascade' }).notNull(),
    buyerId: reference('buyer_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    /** Who made it: the buyer, or either party countering; the other party receives it. */
    senderId: reference('sender_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    parentId: reference('parent_id', (): AnyPgColumn => offers.id),
    priceCents: integer('price_cents').notNull(),
    state: offerState('state').notNull().default('pending'),
    /** When its expiry timer is due: 24 hours after it was made. */
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('offers_listing_state_idx').on(t.listingId, t.state),
    index('offers_thread_idx').on(t.threadId, t.createdAt),
    // At most one offer of a thread waits for an answer, and one offer of a listing is accepted.
    uniqueIndex('offers_one_pending_per_thread_idx').on(t.threadId).where(sql`${t.state} = 'pending'`),
    uniqueIndex('offers_one_accepted_per_listing_idx').on(t.listingId).where(sql`${t.state} = 'accepted'`),
    check('offers_price_positive', sql`${t.priceCents} > 0`),
  ],
);
