import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, reference } from './columns';
import { conversations } from './messages';
import { users } from './users';

/**
 * In-app notifications for one person: an offer's step or a message in one of their
 * conversations (issue 17), a report resolved, their organisation's status changed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    /** `offer_made`, `offer_countered`, `offer_accepted`, `offer_declined`, `offer_expired`, `message`, or `notice`. */
    kind: text('kind').notNull().default('notice'),
    /** Which section's list shows it: the marketplace's /notifications or the rentals' /rentalsnotify. */
    section: text('section', { enum: ['market', 'rentals'] })
      .notNull()
      .default('market'),
    text: text('text').notNull(),
    link: text('link'),
    /** The conversation it tells of (emails are batched per conversation). */
    conversationId: reference('conversation_id', () => conversations.id, {
      onDelete: 'cascade',
    }),
    readAt: at('read_at'),
    /**
     * When the email step has dealt with it (mailed, or not mailed: connected, unsubscribed,
     * read); for a notice (no conversation), when it was pushed and mailed (notices.ts).
     */
    mailHandledAt: at('mail_handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.section, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_unmailed_idx')
      .on(t.userId, t.conversationId)
      .where(sql`${t.mailHandledAt} is null and ${t.conversationId} is not null`),
    // The notices the delivery job has not sent yet (notices.ts).
    index('notifications_undelivered_notices_idx')
      .on(t.id)
      .where(sql`${t.mailHandledAt} is null and ${t.conversationId} is null`),
  ],
);

/** When a person was last emailed about a conversation: at most one email per conversation per 15 minutes. */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    conversationId: reference('conversation_id', () => conversations.id, { onDelete: 'cascade' }).notNull(),
    lastEmailedAt: at('last_emailed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);

/** A browser's Web Push subscription (its endpoint and keys), saved by POST /svc/session/fcm/token. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    /** The push service's URL for this browser: one subscription, one person. */
    endpoint: text('endpoint').notNull().unique(),
    /** `{ p256dh, auth }`, base64url, as the browser's PushSubscription gives them. */
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
