import { pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns';

/**
 * Every payment provider event applied, by the provider's event id: the row is written in the
 * same transaction as the event's effects, so a replayed event finds it and changes nothing.
 */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  /** The intent or payout the event was about. */
  objectId: text('object_id').notNull(),
  /** The connected account a Connect event happened on (a seller's payout Yardly did not make is shown in the console). */
  account: text('account'),
  appliedAt: at('applied_at').notNull(),
});
