import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages sent from the contact-us page: the record support works from, mailed or not. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The client address, for the per-address limit. */
    address: text('address').notNull(),
    /** When it was mailed to support; null when the mail failed (the row still holds it). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_email_idx').on(sql`lower(${t.email})`, t.createdAt),
    index('contact_messages_address_idx').on(t.address, t.createdAt),
  ],
);
