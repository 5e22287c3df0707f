import { bigint, customType, integer, type ReferenceConfig, text, timestamp } from 'drizzle-orm/pg-core';

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

/** PostgreSQL's text-search document, read and written as its text form (search's columns, filled by triggers). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
