import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, reference } from './columns';
import { users } from './users';

/** Contact details beyond the sign-in email: shown only to their owner, never on a public profile. */
export const userContacts = pgTable('user_contacts', {
  userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).primaryKey(),
  alternateEmail: text('alternate_email'),
  /** The 10 national digits of a US number. */
  phone: text('phone'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Saved addresses (spec section 3): exactly one is primary while any exist. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    phone: text('phone').notNull(),
    primary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // Two primaries can never be written, even by two requests at once.
    uniqueIndex('addresses_one_primary_idx').on(t.userId).where(sql`${t.primary}`),
  ],
);

/**
 * Which optional mails a person wants (spec section 2, communication settings). A row exists
 * once a preference is read or set; `unsubscribeToken` is the random id of /unsubscribe links.
 */
export const communicationPreferences = pgTable('communication_preferences', {
  userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).primaryKey(),
  productRecommendations: boolean('product_recommendations').notNull().default(true),
  offersAndMessagesUpdates: boolean('offers_and_messages_updates').notNull().default(true),
  rentalMessagesUpdates: boolean('rental_messages_updates').notNull().default(true),
  savedSearchAlerts: boolean('saved_search_alerts').notNull().default(true),
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
