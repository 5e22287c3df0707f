import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { listings } from './listings';
import { users } from './users';

/**
 * A listing form's working copy (`inputSourceRandomRefnum`): photos are uploaded to it before
 * the listing exists (or, when editing, before the changes are saved). `listingId` is set once
 * it has made or is editing a listing. Uploads lock this row, so the photo limit holds under
 * parallel uploads.
 */
export const listingDrafts = pgTable('listing_drafts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  refnum: text('refnum').notNull().unique(),
  ownerId: bigint('owner_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  listingId: bigint('listing_id', { mode: 'number' }).references(() => listings.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The photos of a draft, numbered 1-4 (a unique slot each: a second writer to a slot fails). */
export const draftPhotos = pgTable(
  'draft_photos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    draftId: bigint('draft_id', { mode: 'number' })
      .notNull()
      .references(() => listingDrafts.id, { onDelete: 'cascade' }),
    picno: integer('picno').notNull(),
    path: text('path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [
    uniqueIndex('draft_photos_picno_idx').on(t.draftId, t.picno),
    check('draft_photos_picno_range', sql`${t.picno} between 1 and 4`),
  ],
);
