import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns';

/** Messages sent from the contact-us page: the record support works from, mailed or not. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The client address, for the per-address limit. */
    address: text('address').notNull(),
    /** When it was mailed to support; null when the mail failed (the row still holds it). */
    mailedAt: at('mailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_email_idx').on(sql`lower(${t.email})`, t.createdAt),
    index('contact_messages_address_idx').on(t.address, t.createdAt),
  ],
);
