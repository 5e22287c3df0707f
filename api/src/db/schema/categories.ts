import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, reference } from './columns';

/** The taxonomy: top-level categories (parentId null) and their subcategories. */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    parentId: reference('parent_id', (): AnyPgColumn => categories.id),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    shortcut: boolean('shortcut').notNull().default(false),
    /** Donations may be listed here (the marketplace rules read it, with the parent's). */
    donationAllowed: boolean('donation_allowed').notNull().default(false),
    /** Used, open-box and parts items here are local pickup only and need a verified work email. */
    restrictedElectronics: boolean('restricted_electronics').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('categories_slug_idx').on(t.parentId, t.slug), index('categories_parent_idx').on(t.parentId)],
);

/** A listing property offered by a category (null category: every category), e.g. condition. */
export const categoryProperties = pgTable('category_properties', {
  id: id(),
  categoryId: reference('category_id', () => categories.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  label: text('label').notNull(),
  values: jsonb('values').$type<string[]>().notNull(),
  position: integer('position').notNull().default(0),
});
