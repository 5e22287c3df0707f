import type { SavedSearch, saveSearchBodySchema } from '@yardly/shared/contract';
import { DEFAULT_DISTANCE_MILES } from '@yardly/shared/contract';
import { SAVED_SEARCH_LIMITS, savedSearchMessages, savedSearchResultsPath } from '@yardly/shared/rules';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { categories, savedSearches } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { type Centre, centreOfZip } from '../location/zip-centres';
import { conditionCodes } from '../search/match';

/** Advisory lock space of "a person's saved searches are being counted". */
const SAVE_LOCK_SPACE = 370_025;

type Parsed = z.output<typeof saveSearchBodySchema>;

/** Metres in a statute mile. */
const METRES_PER_MILE = 1609.344;

/**
 * The box the reverse search's index finds a search by: `earth_box` round the centre, 1% wider
 * than the radius (earthdistance's earth is a little larger than the sphere `<@>` measures on,
 * so a box of exactly the radius could leave out its edge). The exact distance is checked after.
 */
export function reach(centre: Centre | null, miles: number) {
  return centre
    ? sql`earth_box(ll_to_earth(${centre.lat}::float8, ${centre.lng}::float8), ${miles * METRES_PER_MILE * 1.01}::float8)`
    : null;
}

async function categoryId(tx: Db, refnum: string | undefined, field: string): Promise<number | null> {
  if (!refnum) return null;
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.refnum, refnum));
  if (!row) throw AppError.badRequest(savedSearchMessages.unknownCategory, field);
  return row.id;
}

/** The columns the reverse search matches on, from the filters as the search call reads them. */
async function matchColumns(tx: Db, search: Parsed) {
  if (search.kind === 'rental') {
    const f = search.filters;
    const centre = await centreOfZip(tx, f.zip);
    const types =
      f.propertyType === undefined ? null : typeof f.propertyType === 'string' ? [f.propertyType] : f.propertyType;
    return {
      query: f.text ? sql`websearch_to_tsquery('english', ${f.text})` : null,
      minPrice: f.minRent ?? null,
      maxPrice: f.maxRent ?? null,
      latitude: centre?.lat ?? null,
      longitude: centre?.lng ?? null,
      miles: f.d,
      reach: reach(centre, f.d),
      bedrooms: f.bedrooms ?? null,
      bathrooms: f.bathrooms ?? null,
      propertyTypes: types?.length ? types : null,
    };
  }
  const f = search.filters;
  const centre = f.zip ? await centreOfZip(tx, f.zip) : null;
  const q = f.q?.trim();
  return {
    query: q ? sql`websearch_to_tsquery('english', ${q})` : null,
    categoryId: await categoryId(tx, f.categoryRefnum, 'filters.categoryRefnum'),
    subCategoryId: await categoryId(tx, f.subCategoryRefnum, 'filters.subCategoryRefnum'),
    conditions: f.conditions?.length ? conditionCodes(f.conditions) : null,
    delivery: f.delivery?.length ? [...f.delivery] : null,
    minPrice: f.minPrice ?? null,
    maxPrice: f.maxPrice ?? null,
    freeOnly: f.freeOnly ?? false,
    latitude: centre?.lat ?? null,
    longitude: centre?.lng ?? null,
    miles: f.d ?? DEFAULT_DISTANCE_MILES,
    reach: reach(centre, f.d ?? DEFAULT_DISTANCE_MILES),
    nationwide: f.nationwide,
  };
}

/**
 * Saves a search for the caller (issue 37): its filters as given (checked by the search call's
 * own schema), at most SAVED_SEARCH_LIMITS.perPerson of them, counted under a lock of the person
 * so two saves at once cannot pass the limit together.
 */
export async function saveSearch(db: Db, caller: Caller, parsed: Parsed, now: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${SAVE_LOCK_SPACE}, (${caller.userId}::bigint % 2147483647)::int)`,
    );
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, caller.userId));
    if ((count?.n ?? 0) >= SAVED_SEARCH_LIMITS.perPerson) throw AppError.badRequest(savedSearchMessages.tooMany);
    const refnum = newRefnum('savedSearch');
    await tx.insert(savedSearches).values({
      refnum,
      userId: caller.userId,
      name: parsed.name,
      kind: parsed.kind,
      filters: parsed.filters as Record<string, unknown>,
      createdAt: now,
      ...(await matchColumns(tx, parsed)),
    });
    return { savedSearchId: refnum };
  });
}

/** The caller's saved searches, newest first (of one kind when asked), each with its results' address. */
export async function listSavedSearches(db: Db, caller: Caller, kind?: 'sale' | 'rental'): Promise<SavedSearch[]> {
  const rows = await db
    .select({
      refnum: savedSearches.refnum,
      name: savedSearches.name,
      kind: savedSearches.kind,
      filters: savedSearches.filters,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, caller.userId), kind ? eq(savedSearches.kind, kind) : undefined))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map((row) => ({
    id: row.refnum,
    name: row.name,
    kind: row.kind,
    filters: row.filters,
    createdAt: row.createdAt.toISOString(),
    url: savedSearchResultsPath(
      row.kind === 'rental'
        ? { kind: 'rental', filters: row.filters as never }
        : { kind: 'sale', filters: row.filters as never },
    ),
  }));
}

/** Deletes one of the caller's saved searches: another's is the same 404 as one that does not exist. */
export async function deleteSavedSearch(db: Db, caller: Caller, refnum: string) {
  const removed = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.refnum, refnum), eq(savedSearches.userId, caller.userId)))
    .returning({ id: savedSearches.id });
  if (removed.length === 0) throw AppError.notFound(savedSearchMessages.notFound);
  return { id: refnum, deleted: true as const };
}
