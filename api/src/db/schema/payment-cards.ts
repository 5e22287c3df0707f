import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, reference } from './columns';
import { users } from './users';

/**
 * A person's saved payment cards (spec section 1, payment cards). Only what the provider hands
 * back is kept: its reusable token, the brand, the last four digits and the expiry. A card
 * number is never stored; a token belongs to the provider (`test` or `stripe`) that made it.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    // Saving the same card twice keeps one row.
    uniqueIndex('saved_cards_user_token_idx').on(t.userId, t.provider, t.token),
    index('saved_cards_user_idx').on(t.userId, t.createdAt.desc()),
    check('saved_cards_last4_digits', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('saved_cards_exp_month', sql`${t.expMonth} between 1 and 12`),
  ],
);
