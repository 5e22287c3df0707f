import {
  bigint,
  customType,
  doublePrecision,
  integer,
  type ReferenceConfig,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// The column shapes the tables share, so each table says only what is its own. Each helper
// returns a fresh builder: chain `.notNull()`, `.default()`, `.unique()` on it as on drizzle's.

/** The table's key: `id bigint primary key generated always as identity`. */
export function id() {
  return bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
}

/** A foreign key to another table's bigint id (nullable, like any drizzle column: add `.notNull()`). */
export function reference<TName extends string>(
  name: TName,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) {
  return bigint(name, { mode: 'number' }).references(target, actions);
}

/** A moment: `timestamp with time zone`. */
export function at<TName extends string>(name: TName) {
  return timestamp(name, { withTimezone: true });
}

/** When the row was made, set by the database. */
export function createdAt() {
  return at('created_at').notNull().defaultNow();
}

/** A photo's file, numbered within its owner (the owner's table bounds `picno`); `path` is relative to the file store. */
export function photoFile() {
  return {
    picno: integer('picno').notNull(),
    path: text('path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  };
}

/** PostgreSQL's text-search document, read and written as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Search's columns of a searchable table (listings, rentals): filled by its triggers (the search
 * migrations) and read by the search module's SQL; never set here.
 */
export function searchColumns() {
  return {
    /** The table's text, weighted by its trigger. */
    searchDocument: tsvector('search_document'),
    /** The grid cells around the zip's centre (`place_cells_of`, search/place-cells.ts). */
    placeCells: integer('place_cells').array(),
    /** Its finest (0.5-degree) cell, `place_cells[1]` as a plain key: browsing near a place reads it by cell. */
    placeCell: integer('place_cell'),
    /** Its zip's centre, copied beside the cells by the same trigger: browsing near a place measures from it. */
    placeLatitude: doublePrecision('place_latitude'),
    placeLongitude: doublePrecision('place_longitude'),
  };
}
