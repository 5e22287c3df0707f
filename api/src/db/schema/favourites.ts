import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, reference } from './columns';
import { listings } from './listings';
import { users } from './users';

/** A person's saved listings: one row per person and listing. */
export const favourites = pgTable(
  'favourites',
  {
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    listingId: reference('listing_id', () => listings.id, { onDelete: 'cascade' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt),
  ],
);
