import { RENTAL_PROPERTY_KINDS, RENTAL_STATES } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, photoFile, reference, searchColumns } from './columns';
import { reportFields } from './reports';
import { users } from './users';
import { zipCodes } from './zip-codes';

/** Where a rental listing is in its life (`shared/src/rules/rental-process.ts`); only `transition()` changes it. */
export const rentalState = pgEnum('rental_state', RENTAL_STATES);

/**
 * Rental listings (issue 20): a landlord's place for rent. Their own table, not `listings`: a
 * rental has no category, condition, price or shipping, and a sale query must never meet one.
 */
export const rentals = pgTable(
  'rentals',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    landlordId: reference('landlord_id', () => users.id).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** A `propertyType` value of `rental_properties`. */
    propertyType: text('property_type').notNull(),
    /** 0 is a studio. */
    bedrooms: integer('bedrooms').notNull(),
    /** In half steps (1.5). */
    bathrooms: numeric('bathrooms', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    squareFeet: integer('square_feet'),
    rentCents: integer('rent_cents').notNull(),
    depositCents: integer('deposit_cents').notNull().default(0),
    availableFrom: date('available_from', { mode: 'string' }).notNull(),
    leaseMonths: integer('lease_months').notNull(),
    cats: boolean('cats').notNull().default(false),
    dogs: boolean('dogs').notNull().default(false),
    parking: text('parking').notNull(),
    laundry: text('laundry').notNull(),
    furnished: boolean('furnished').notNull().default(false),
    utilitiesIncluded: boolean('utilities_included').notNull().default(false),
    line1: text('line1').notNull().default(''),
    city: text('city').notNull(),
    /** The US state's abbreviation (the column `state` is the process's). */
    region: text('region').notNull(),
    zip: text('zip')
      .notNull()
      .references(() => zipCodes.zip),
    /** Public answers carry the street line only when this is set. */
    showStreet: boolean('show_street').notNull().default(true),
    state: rentalState('state').notNull().default('draft'),
    /** When it went on the market (published or relisted): "newest" sorts by it. */
    listedAt: at('listed_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    // Filled by triggers (the rental search migration) as the listings' are.
    ...searchColumns(),
  },
  (t) => [
    index('rentals_landlord_idx').on(t.landlordId, t.createdAt.desc()),
    index('rentals_available_recent_idx').on(t.listedAt.desc()).where(sql`${t.state} = 'available'`),
    check('rentals_rent_positive', sql`${t.rentCents} > 0 and ${t.depositCents} >= 0`),
    check('rentals_rooms', sql`${t.bedrooms} >= 0 and ${t.bathrooms} >= 0`),
  ],
);

/** Up to eight photos a rental, numbered 1-8; `path` is relative to the file store. */
export const rentalPhotos = pgTable(
  'rental_photos',
  {
    id: id(),
    rentalId: reference('rental_id', () => rentals.id, { onDelete: 'cascade' }).notNull(),
    ...photoFile(),
  },
  (t) => [uniqueIndex('rental_photos_picno_idx').on(t.rentalId, t.picno)],
);

/** A rental form's working copy (`inputSourceRandomRefnum`), as `listing_drafts` is for sales. */
export const rentalDrafts = pgTable('rental_drafts', {
  id: id(),
  refnum: text('refnum').notNull().unique(),
  ownerId: reference('owner_id', () => users.id, { onDelete: 'cascade' }).notNull(),
  rentalId: reference('rental_id', () => rentals.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const rentalDraftPhotos = pgTable(
  'rental_draft_photos',
  {
    id: id(),
    draftId: reference('draft_id', () => rentalDrafts.id, { onDelete: 'cascade' }).notNull(),
    ...photoFile(),
  },
  (t) => [
    uniqueIndex('rental_draft_photos_picno_idx').on(t.draftId, t.picno),
    check('rental_draft_photos_picno_range', sql`${t.picno} between 1 and 8`),
  ],
);

/** A person's saved rentals. */
export const rentalFavourites = pgTable(
  'rental_favourites',
  {
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    rentalId: reference('rental_id', () => rentals.id, { onDelete: 'cascade' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.rentalId] }),
    index('rental_favourites_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Rental reports, one per person and listing, worked in the console's queue beside the item reports. */
export const rentalReports = pgTable(
  'rental_reports',
  {
    id: id(),
    rentalId: reference('rental_id', () => rentals.id, { onDelete: 'cascade' }).notNull(),
    ...reportFields(),
  },
  (t) => [
    uniqueIndex('rental_reports_once_idx').on(t.rentalId, t.reporterId),
    index('rental_reports_status_idx').on(t.status, t.createdAt),
  ],
);

export const rentalPropertyKind = pgEnum('rental_property_kind', RENTAL_PROPERTY_KINDS);

/** The attribute lists of the rental form (`GET /rental/properties`), edited in the console. */
export const rentalProperties = pgTable(
  'rental_properties',
  {
    id: id(),
    kind: rentalPropertyKind('kind').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('rental_properties_kind_value_idx').on(t.kind, t.value)],
);
