import { REVIEW_TAGS } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, reference } from './columns';
import { listings } from './listings';
import { orders } from './orders';
import { users } from './users';

export const feedbackRole = pgEnum('feedback_role', ['seller', 'buyer']);
/** The console's tag (spec section 4): a blacklisted review is hidden from everyone and from the rating. */
export const feedbackTag = pgEnum('feedback_tag', REVIEW_TAGS);

/**
 * Reviews people leave each other after a completed order (issue 19, feedback/leave.ts), one per
 * side and order. `aboutRole` says whether the reviewed person was the seller or the buyer.
 * Double-blind: a review is public from `publishedAt` on, which is set when it is written to the
 * end of the order's review window, and moved to the second review's moment for both when the
 * other side writes theirs. Reads compare it with the clock. Never edited by its author.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    aboutUserId: reference('about_user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    fromUserId: reference('from_user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    listingId: reference('listing_id', () => listings.id, { onDelete: 'set null' }),
    /** The order reviewed; null only for reviews from before reviews were written with orders. */
    orderId: reference('order_id', () => orders.id),
    aboutRole: feedbackRole('about_role').notNull(),
    /** Half stars, exactly: 1 (0.5 stars) to 10 (5 stars). */
    ratingHalves: smallint('rating_halves').notNull(),
    content: text('content').notNull(),
    tag: feedbackTag('tag').notNull().default('review'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    publishedAt: at('published_at').notNull().defaultNow(),
  },
  (t) => [
    index('feedback_about_idx').on(t.aboutUserId, t.aboutRole, t.updatedAt.desc()),
    uniqueIndex('feedback_one_per_side_idx').on(t.orderId, t.fromUserId),
    check('feedback_rating_halves_range', sql`${t.ratingHalves} between 1 and 10`),
  ],
);
