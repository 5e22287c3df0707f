import { bigint, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { listings } from './listings';
import { users } from './users';

/** A person's saved listings: one row per person and listing. */
export const favourites = pgTable(
  'favourites',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt),
  ],
);
