import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id } from './columns';

/**
 * Every mail the product sends: the dev outbox reads it, and it is the record of what went out.
 * The body carries codes and links: it is kept sealed (mail/sealed-body.ts), never in clear.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** Text, HTML and headers, sealed; null for mails recorded before bodies were sealed (their bodies were dropped). */
    sealedBody: text('sealed_body'),
    /** How it left: 'smtp', or 'log' when no SMTP server is configured. */
    transport: text('transport').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.sentAt.desc())],
);
