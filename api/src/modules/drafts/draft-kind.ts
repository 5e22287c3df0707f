import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { REFNUM_PREFIX } from '../../db/refnum';

type Column<T> = AnyPgColumn<{ data: T; notNull: true }>;

/** A form's working copy: `listing_drafts` for a sale, `rental_drafts` for a rental. */
type DraftTable = PgTable & {
  id: Column<number>;
  refnum: Column<string>;
  ownerId: Column<number>;
  createdAt: Column<Date>;
};

/** A photo row, of a working copy (`draftId`) or of what it saves to; the same columns either way. */
type PhotoColumns = {
  id: Column<number>;
  picno: Column<number>;
  path: Column<string>;
  width: Column<number>;
  height: Column<number>;
};

/**
 * What tells a sale's form from a rental's: its tables, its photo limit, where its files go and
 * its texts. The form's code (open, photos, save, sweep) is one, in this folder; each side
 * passes its kind.
 */
export interface DraftKind {
  /** The file store's folder of its photos, and its sweep job's prefix (`listings`, `rentals`). */
  area: string;
  /** The sweep's log line ('abandoned listing forms swept'). */
  formName: string;
  refnumKind: keyof typeof REFNUM_PREFIX;
  maxPhotos: number;
  drafts: DraftTable;
  /** What a working copy saves to (a listing, a rental), on `drafts` and on `photos`, by column and by key. */
  subject: { draft: AnyPgColumn<{ data: number }>; photo: Column<number>; key: string };
  draftPhotos: PgTable & PhotoColumns & { draftId: Column<number> };
  photos: PgTable & PhotoColumns;
  messages: { notYours: string; tooManyPhotos: string };
}

/** A form left this long is abandoned: its working copy and unused photos go. */
export const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
