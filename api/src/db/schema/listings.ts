import { type ConditionCode, LISTING_STATES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { at, createdAt, id, photoFile, reference, searchColumns } from './columns';
import { organizations } from './organisations';
import { users } from './users';
import { zipCodes } from './zip-codes';

/** Where the listing is in its life (`shared/src/rules/listing-process.ts`); only `transition()` changes it. */
export const listingState = pgEnum('listing_state', LISTING_STATES);

export const listings = pgTable(
  'listings',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    sellerId: reference('seller_id', () => users.id).notNull(),
    categoryId: reference('category_id', () => categories.id).notNull(),
    subCategoryId: reference('sub_category_id', () => categories.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** A condition code (shared CONDITION_LABELS); the label is rendered from it. */
    condition: text('condition').$type<ConditionCode>().notNull(),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    priceCents: integer('price_cents').notNull(),
    isDonation: boolean('is_donation').notNull().default(false),
    weightLbs: numeric('weight_lbs', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    shippable: boolean('shippable').notNull(),
    meetToDeliver: boolean('meet_to_deliver').notNull(),
    offerFreeDelivery: boolean('offer_free_delivery').notNull().default(false),
    buyNow: boolean('buy_now').notNull().default(true),
    zip: text('zip')
      .notNull()
      .references(() => zipCodes.zip),
    state: listingState('state').notNull().default('draft'),
    /** Issue 23: listed in this organisation's marketplace, seen by its verified members only; null is public. */
    organizationId: reference('organization_id', () => organizations.id),
    /** Shown in the home page's featured rail (set in the console). */
    featured: boolean('featured').notNull().default(false),
    /** When the expiry timer started by publishing or relisting is due. */
    listingEnd: at('listing_end'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    // Filled by triggers (migrations 0010-0012); the document weighs title (A), description (B) and category names (C).
    ...searchColumns(),
  },
  (t) => [
    index('listings_seller_idx').on(t.sellerId),
    index('listings_organization_idx')
      .on(t.organizationId, t.createdAt.desc())
      .where(sql`${t.organizationId} is not null`),
    // The browse lists: a category's live listings of the public marketplace, newest first (an
    // organisation's are read by listings_organization_idx; migration 0046).
    index('listings_live_category_idx')
      .on(t.categoryId, t.createdAt.desc())
      .where(sql`${t.state} = 'live' and ${t.organizationId} is null`),
    index('listings_live_subcategory_idx')
      .on(t.subCategoryId, t.createdAt.desc())
      .where(sql`${t.state} = 'live' and ${t.organizationId} is null`),
    index('listings_live_recent_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.state} = 'live' and ${t.organizationId} is null`),
    index('listings_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // Price guidance (issue 37): a subcategory's (or a category's) listings in one condition, sold
    // ones too (migration 0053), with INCLUDE (id, place_latitude, place_longitude): migration 0059.
    index('listings_subcategory_condition_idx').on(t.subCategoryId, t.condition),
    index('listings_category_condition_idx').on(t.categoryId, t.condition),
    // Similar items (issue 37): a subcategory's live public listings, with INCLUDE of the columns the
    // rail filters, measures and ranks by in migration 0059 (ADR 0068).
    index('listings_live_subcategory_alike_idx')
      .on(t.subCategoryId)
      .where(sql`${t.state} = 'live' and ${t.organizationId} is null`),
  ],
);

/** Up to four photos a listing, numbered 1-4; `path` is relative to the file store. */
export const listingPhotos = pgTable(
  'listing_photos',
  {
    id: id(),
    listingId: reference('listing_id', () => listings.id, { onDelete: 'cascade' }).notNull(),
    ...photoFile(),
  },
  (t) => [uniqueIndex('listing_photos_picno_idx').on(t.listingId, t.picno)],
);
