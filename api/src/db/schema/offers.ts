import { OFFER_STATUSES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { listings } from './listings';
import { users } from './users';

export const offerStatus = pgEnum('offer_status', OFFER_STATUSES);

/**
 * Offers on a listing. Made minimal by the selling issue so that deleting a listing with active
 * offers and editing one with an accepted offer are refused by real queries; the offers issue
 * fills and extends it.
 */
export const offers = pgTable(
  'offers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    refnum: text('refnum').notNull().unique(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: offerStatus('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_listing_status_idx').on(t.listingId, t.status),
    index('offers_buyer_idx').on(t.buyerId),
    check('offers_amount_positive', sql`${t.amountCents} >= 0`),
  ],
);
