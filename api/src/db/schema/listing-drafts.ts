import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, photoFile, reference } from './columns';
import { listings } from './listings';
import { users } from './users';

/**
 * A listing form's working copy (`inputSourceRandomRefnum`): photos are uploaded to it before
 * the listing exists (or, when editing, before the changes are saved). `listingId` is set once
 * it has made or is editing a listing. Uploads lock this row, so the photo limit holds under
 * parallel uploads.
 */
export const listingDrafts = pgTable('listing_drafts', {
  id: id(),
  refnum: text('refnum').notNull().unique(),
  ownerId: reference('owner_id', () => users.id, { onDelete: 'cascade' }).notNull(),
  listingId: reference('listing_id', () => listings.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The photos of a draft, numbered 1-4 (a unique slot each: a second writer to a slot fails). */
export const draftPhotos = pgTable(
  'draft_photos',
  {
    id: id(),
    draftId: reference('draft_id', () => listingDrafts.id, { onDelete: 'cascade' }).notNull(),
    ...photoFile(),
  },
  (t) => [
    uniqueIndex('draft_photos_picno_idx').on(t.draftId, t.picno),
    check('draft_photos_picno_range', sql`${t.picno} between 1 and 4`),
  ],
);
