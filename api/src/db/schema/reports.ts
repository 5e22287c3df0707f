import { index, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, id, reference } from './columns';
import { listings } from './listings';
import { users } from './users';

/** The reasons a person may give (spec: Report an item). */
export const reportReason = pgEnum('report_reason', ['prohibited', 'scam', 'wrong_category', 'offensive', 'other']);

/** open until an admin resolves it: the listing removed, or no action taken. */
export const reportStatus = pgEnum('report_status', ['open', 'listing_removed', 'no_action']);

/** What every report holds beside the thing reported: who filed it, why, and how an admin worked it. */
export function reportFields() {
  return {
    reporterId: reference('reporter_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    reason: reportReason('reason').notNull(),
    details: text('details').notNull().default(''),
    status: reportStatus('status').notNull().default('open'),
    resolvedById: reference('resolved_by_id', () => users.id),
    resolvedAt: at('resolved_at'),
    createdAt: createdAt(),
  };
}

/**
 * Item reports: filed by a person from an item page (selling issue), worked as a queue in the
 * console (console issue). One report per person per listing.
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: id(),
    listingId: reference('listing_id', () => listings.id, { onDelete: 'cascade' }).notNull(),
    ...reportFields(),
  },
  (t) => [
    uniqueIndex('listing_reports_once_idx').on(t.listingId, t.reporterId),
    index('listing_reports_status_idx').on(t.status, t.createdAt),
  ],
);
