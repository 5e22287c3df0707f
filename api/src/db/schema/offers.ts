import { OFFER_STATES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** listingRefnum_buyerRefnum_sellerRefnum. */
    key: text('key').notNull().unique(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When its latest offer was made or answered: threads are listed newest first by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    refnum: text('refnum').notNull().unique(),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => offerThreads.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who made it: the buyer, or either party countering; the other party receives it. */
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => offers.id),
    priceCents: integer('price_cents').notNull(),
    state: offerState('state').notNull().default('pending'),
    /** When its expiry timer is due: 24 hours after it was made. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
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
