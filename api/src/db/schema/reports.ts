import { bigint, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { listings } from './listings';
import { users } from './users';

/** The reasons a person may give (spec: Report an item). */
export const reportReason = pgEnum('report_reason', ['prohibited', 'scam', 'wrong_category', 'offensive', 'other']);

/** open until an admin resolves it: the listing removed, or no action taken. */
export const reportStatus = pgEnum('report_status', ['open', 'listing_removed', 'no_action']);

/**
 * Item reports: filed by a person from an item page (selling issue), worked as a queue in the
 * console (console issue). One report per person per listing.
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reportReason('reason').notNull(),
    details: text('details').notNull().default(''),
    status: reportStatus('status').notNull().default('open'),
    resolvedById: bigint('resolved_by_id', { mode: 'number' }).references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('listing_reports_once_idx').on(t.listingId, t.reporterId),
    index('listing_reports_status_idx').on(t.status, t.createdAt),
  ],
);
