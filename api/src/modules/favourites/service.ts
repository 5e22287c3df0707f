import { listingActionMessages } from '@yardly/shared/rules';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { favourites, listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { selectCards, toCard } from '../listings/cards';
import { visibleListing } from '../listings/visibility';
import { listingReader, openableBy } from '../organisation-marketplace/visibility';

export const favouriteRuleMessages = {
  ownListing: 'You cannot add your own listing to favorites',
} as const;

/** Save a listing live at `now` that someone else sells, which the caller may open; saving it twice changes nothing. */
export async function addFavourite(db: Db, caller: Caller, listingRefnum: string, now: Date) {
  const reader = await listingReader(db, caller);
  const [listing] = await db
    .select({ id: listings.id, sellerId: listings.sellerId })
    .from(listings)
    .where(and(eq(listings.refnum, listingRefnum), visibleListing('listed', 'public', now), openableBy(reader)));
  if (!listing) throw AppError.notFound(listingActionMessages.notFound);
  if (listing.sellerId === caller.userId) throw AppError.badRequest(favouriteRuleMessages.ownListing, 'listingRefnum');
  await db.insert(favourites).values({ userId: caller.userId, listingId: listing.id }).onConflictDoNothing();
  return { listingRefnum, favourite: true };
}

/** Forget a saved listing, whatever became of it; forgetting one not saved changes nothing. */
export async function removeFavourite(db: Db, caller: Caller, listingRefnum: string) {
  const [listing] = await db.select({ id: listings.id }).from(listings).where(eq(listings.refnum, listingRefnum));
  if (listing) {
    await db.delete(favourites).where(and(eq(favourites.userId, caller.userId), eq(favourites.listingId, listing.id)));
  }
  return { listingRefnum, favourite: false };
}

/** Which of these listings the person saved. */
export async function savedAmong(db: Db, userId: number, refnums: string[]): Promise<Set<string>> {
  if (refnums.length === 0) return new Set();
  const rows = await db
    .select({ refnum: listings.refnum })
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .where(and(eq(favourites.userId, userId), inArray(listings.refnum, refnums)));
  return new Set(rows.map((r) => r.refnum));
}

/** The refnums of the caller's saved listings that they may still open (an organisation's only while its member). */
export async function favouriteRefnums(db: Db, caller: Caller) {
  const reader = await listingReader(db, caller);
  const rows = await db
    .select({ refnum: listings.refnum })
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .where(and(eq(favourites.userId, caller.userId), openableBy(reader)));
  return { favRefnums: rows.map((r) => r.refnum) };
}

// A seller's drafts and deactivated listings are hidden from everyone else; sold, expired and
// deleted ones stay in the list with their ribbon so the person sees what became of them. An
// organisation's listing stays only while the person is its member.
export async function listFavourites(
  db: Db,
  caller: Caller,
  query: { page: number; size: number; asc: boolean },
  now: Date,
) {
  const shown = visibleListing('favourites', 'public', now);
  const mine = and(eq(favourites.userId, caller.userId), shown, openableBy(await listingReader(db, caller)));
  const order = query.asc ? asc : desc;
  const [rows, [total]] = await Promise.all([
    selectCards(db, now)
      .innerJoin(favourites, eq(favourites.listingId, listings.id))
      .where(mine)
      .orderBy(order(favourites.createdAt), order(listings.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(favourites)
      .innerJoin(listings, eq(listings.id, favourites.listingId))
      .where(mine),
  ]);
  const totalElements = total?.n ?? 0;
  return {
    data: rows.map((row) => toCard(row, now)),
    number: query.page,
    size: query.size,
    totalElements,
    totalPages: Math.ceil(totalElements / query.size),
  };
}
