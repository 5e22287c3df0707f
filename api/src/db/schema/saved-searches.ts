import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { at, id, reference } from './columns';
import { users } from './users';

/** PostgreSQL's text-search query, read and written as its text form. */
const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });
/** The cube extension's box (earthdistance's `earth_box`), read and written as its text form. */
const cube = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * A person's saved search (issue 37): its filters as the search call takes them (`filters`), and
 * beside them the same filters as columns, so one new listing is matched against every saved
 * search in one statement (the reverse search, saved-searches/match.ts).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    refnum: text('refnum').notNull().unique(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['sale', 'rental'] }).notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    /** The text, as the search matches it (`websearch_to_tsquery('english', q)`); null without one. */
    query: tsquery('query'),
    /**
     * The lexemes one of which every document `query` matches holds (migration 0061's
     * `tsquery_words`), kept by the database; null without a query, or when its matches need none
     * of its words (only negations), so the query is tested against every listing in reach.
     */
    words: text('words').array().generatedAlwaysAs(sql`tsquery_words(query)`),
    categoryId: reference('category_id', () => categories.id, { onDelete: 'cascade' }),
    subCategoryId: reference('sub_category_id', () => categories.id, {
      onDelete: 'cascade',
    }),
    /** Condition codes; null: any. */
    conditions: text('conditions').array(),
    /** `shipping`, `localPickup`, `freeShipping`: any of them will do; null: any. */
    delivery: text('delivery').array(),
    /** Integer cents, inclusive (a rental's rent for a rental search). */
    minPrice: bigint('min_price', { mode: 'number' }),
    maxPrice: bigint('max_price', { mode: 'number' }),
    freeOnly: boolean('free_only').notNull().default(false),
    /** The saved zip's centre; null: anywhere. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    miles: real('miles').notNull(),
    /**
     * A box round the centre that holds the whole radius (`earth_box`, a little wider), so the
     * reverse search finds the searches a new listing may be near by the GiST index, before the
     * exact distance; null without a centre.
     */
    reach: cube('reach'),
    /** "Ships to you": a listing that ships matches at any distance. */
    nationwide: boolean('nationwide').notNull().default(false),
    /** A rental search's rooms and kinds; null: any. */
    bedrooms: integer('bedrooms'),
    bathrooms: real('bathrooms'),
    propertyTypes: text('property_types').array(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.createdAt.desc()),
    // The three indexes a new listing's match reads carry every column a sale's match checks:
    // their INCLUDE lists are in migration 0059 (ADR 0068), so the match reads no table row.
    index('saved_searches_reach_idx').using('gist', t.reach),
    // A listing finds the searches with words by its own lexemes (ADR 0075); those without, by reach.
    index('saved_searches_words_idx').using('gin', t.words).where(sql`${t.words} is not null`),
    index('saved_searches_reach_unworded_idx').using('gist', t.reach).where(sql`${t.words} is null`),
    // The searches without a place, and the "Ships to you" ones: found whatever the listing's place.
    index('saved_searches_anywhere_idx').on(t.kind).where(sql`${t.latitude} is null`),
    index('saved_searches_nationwide_idx').on(t.kind).where(sql`${t.nationwide}`),
  ],
);

/**
 * A saved search's match: one per listing (or rental) and saved search, however often the
 * listing goes live again (the unique key), told in-app and by push at once and mailed in the
 * day's digest (`digestHandledAt`).
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    id: id(),
    savedSearchId: reference('saved_search_id', () => savedSearches.id, { onDelete: 'cascade' }).notNull(),
    userId: reference('user_id', () => users.id, { onDelete: 'cascade' }).notNull(),
    /** The listing's id (a rental's for a rental search). */
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    priceCents: integer('price_cents').notNull(),
    link: text('link').notNull(),
    createdAt: at('created_at').notNull(),
    digestHandledAt: at('digest_handled_at'),
  },
  (t) => [
    uniqueIndex('saved_search_matches_once_idx').on(t.savedSearchId, t.subjectId),
    index('saved_search_matches_digest_idx').on(t.userId).where(sql`${t.digestHandledAt} is null`),
  ],
);
