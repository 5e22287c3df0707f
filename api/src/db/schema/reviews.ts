import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { listings } from './listings';
import { users } from './users';

export const feedbackRole = pgEnum('feedback_role', ['seller', 'buyer']);

/**
 * Reviews people leave each other after an order (written by the orders issue; read here).
 * `aboutRole` says whether the reviewed person was the seller or the buyer.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    aboutUserId: bigint('about_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromUserId: bigint('from_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'set null' }),
    aboutRole: feedbackRole('about_role').notNull(),
    /** 1 to 5 stars. */
    rating: smallint('rating').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_about_idx').on(t.aboutUserId, t.aboutRole, t.updatedAt.desc()),
    check('feedback_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
