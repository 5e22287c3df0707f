import { bigint, bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, reference } from './columns';
import { sessions } from './identity';
import { users } from './users';

/**
 * What each person's open pages are told, in order: the log the live stream (GET /svc/live)
 * reads, and replays after `Last-Event-ID`. Written in the transaction of the change it tells of.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('live_events_user_idx').on(t.userId, t.id), index('live_events_created_idx').on(t.createdAt)],
);

/** Single-use tickets that open a live stream where no Authorization header can be sent (EventSource); stored hashed. */
export const liveTickets = pgTable(
  'live_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    /** The session that asked for it: a ticket of a session that has ended opens nothing. */
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('live_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * The api processes serving live streams, each with a heartbeat on the clock: a process that
 * died without saying so stops counting after a while, and with it its streams.
 */
export const liveProcesses = pgTable('live_processes', {
  id: text('id').primaryKey(),
  seenAt: at('seen_at').notNull(),
});

/** One open live stream (GET /svc/live): who is connected, shared by every api process. */
export const livePresence = pgTable(
  'live_presence',
  {
    id: text('id').primaryKey(),
    processId: text('process_id')
      .notNull()
      .references(() => liveProcesses.id, { onDelete: 'cascade' }),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
  },
  (t) => [index('live_presence_user_idx').on(t.userId)],
);

/**
 * The outbox of live events for a message bus (LIVE_BUS_URL, docs/decisions/0059): a row per
 * event, written in the event's own transaction (so none is published for a rollback), and
 * deleted by the relay once the bus has acknowledged it. Empty when no bus is configured.
 */
export const liveBusOutbox = pgTable('live_bus_outbox', {
  eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** When the event was written (the app's clock): health shows how long the oldest has waited. */
  createdAt: createdAt(),
});

/**
 * The outbox of session ends for a message bus: a row each time sessions of a person end (a
 * log-out, a password change, a block), written in that transaction; the relay publishes it with
 * the events, and every api process's streams of the person check their session. Without a bus
 * a session end is a NOTIFY instead, and this stays empty.
 */
export const liveBusSessionEnds = pgTable('live_bus_session_ends', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull(),
});
