import { bigint, boolean, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { categories } from './categories';

export const bannerPlacement = pgEnum('banner_placement', ['home_hero', 'category']);

/** Promotional banners: the home hero or a category page, inside their dates, in their order. */
export const banners = pgTable(
  'banners',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    link: text('link').notNull(),
    placement: bannerPlacement('placement').notNull(),
    categoryId: bigint('category_id', { mode: 'number' }).references(() => categories.id, { onDelete: 'cascade' }),
    /** The image's key in the file store. */
    imagePath: text('image_path').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_placement_idx').on(t.placement, t.position)],
);
