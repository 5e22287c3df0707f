import { boolean, index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { at, createdAt, id, reference } from './columns';

export const bannerPlacement = pgEnum('banner_placement', ['home_hero', 'category']);

/** Promotional banners: the home hero or a category page, inside their dates, in their order. */
export const banners = pgTable(
  'banners',
  {
    id: id(),
    title: text('title').notNull(),
    link: text('link').notNull(),
    placement: bannerPlacement('placement').notNull(),
    categoryId: reference('category_id', () => categories.id, { onDelete: 'cascade' }),
    /** The image's key in the file store. */
    imagePath: text('image_path').notNull(),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('banners_placement_idx').on(t.placement, t.position)],
);
