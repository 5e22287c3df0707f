import type { ListingCard, ListingPage, SellerListing } from '@yardly/shared/contract';
import { currentListingState, editLockedIn, listingStatusOf, saleTypeOf } from '@yardly/shared/rules';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { pageRowsJson } from '../../db/page-json';
import { listingPhotos, listings, users, zipCodes } from '../../db/schema/index';
import { fileUrl } from '../files/urls';
import { activeOfferCount, hasLockingOffer } from './offers-check';
import { hasOrderInProgress } from './process';

/** The columns a listing card needs at `now` (the clock's: its offer count); join as `selectCards` does. */
export const cardColumns = (now: Date) => ({
  id: listings.id,
  refnum: listings.refnum,
  title: listings.title,
  priceCents: listings.priceCents,
  listingEnd: listings.listingEnd,
  state: listings.state,
  shippable: listings.shippable,
  meetToDeliver: listings.meetToDeliver,
  offerFreeDelivery: listings.offerFreeDelivery,
  /** For the shipping price a search shows (its weight class). */
  weightLbs: listings.weightLbs,
  buyNow: listings.buyNow,
  isDonation: listings.isDonation,
  sellerRefnum: users.refnum,
  city: zipCodes.city,
  stateCode: zipCodes.stateCode,
  mainPhoto: sql<string | null>`(select ${listingPhotos.path} from ${listingPhotos}
    where ${listingPhotos.listingId} = ${listings.id} order by ${listingPhotos.picno} limit 1)`,
  offerCount: activeOfferCount(now),
});

export function selectCards(db: Db, now: Date) {
  return db
    .select(cardColumns(now))
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .innerJoin(zipCodes, eq(zipCodes.zip, listings.zip));
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];

/** A card row as `pageCardsJson` gives it: the same fields, its times as JSON strings. */
export type CardJson = Omit<CardRow, 'listingEnd'> & { listingEnd: string | null };

/**
 * The cards of the listings in `page` (a relation with `id` and its order `n`) as one JSON
 * array in that order, so a statement can answer its cards in the same round trip.
 */
export function pageCardsJson(page: SQL, now: Date): SQL {
  return pageRowsJson(cardColumns(now), page, listings, [
    [users, eq(users.id, listings.sellerId)],
    [zipCodes, eq(zipCodes.zip, listings.zip)],
  ]);
}

/** A card as anyone sees it at `now`: `saleType` and `listingDeleted` are read off the listing's state. */
/** One page of the listings `where` keeps, as cards, newest first, with their count. */
export async function cardPage(
  db: Db,
  where: SQL | undefined,
  { page, size }: { page: number; size: number },
  now: Date,
): Promise<ListingPage> {
  const [rows, [total]] = await Promise.all([
    selectCards(db, now)
      .where(where)
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: sql<number>`count(*)::int` }).from(listings).where(where),
  ]);
  return { docs: rows.map((row) => toCard(row, now)), totalElements: total?.n ?? 0, number: page, size };
}

export function toCard(row: CardRow | CardJson, now: Date): ListingCard {
  const state = currentListingState(row.state, row.listingEnd, now);
  return {
    listingRefnum: row.refnum,
    listingTitle: row.title,
    listingPictureUrl: row.mainPhoto ? fileUrl(row.mainPhoto) : null,
    location: placeName(row.city, row.stateCode),
    listingCurrentPrice: row.priceCents,
    listingEnd: row.listingEnd ? new Date(row.listingEnd).toISOString() : null,
    listingDeleted: state === 'deleted',
    saleType: saleTypeOf(state),
    sellerRefnum: row.sellerRefnum,
    offerCount: row.offerCount,
    shippable: row.shippable,
    meetToDeliver: row.meetToDeliver,
    offerFreeDelivery: row.offerFreeDelivery,
    buyNow: row.buyNow,
    isDonation: row.isDonation,
  };
}

/** A card as its seller manages it: with its state, whether it may still be edited and whether an order of it is in progress. */
export function selectSellerCards(db: Db, now: Date) {
  return db
    .select({ ...cardColumns(now), locked: hasLockingOffer, orderInProgress: hasOrderInProgress })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .innerJoin(zipCodes, eq(zipCodes.zip, listings.zip));
}

export type SellerCardRow = Awaited<ReturnType<ReturnType<typeof selectSellerCards>['execute']>>[number];

export function toSellerCard(row: SellerCardRow, now: Date): SellerListing {
  const state = currentListingState(row.state, row.listingEnd, now);
  return {
    ...toCard(row, now),
    listingStatus: listingStatusOf(state),
    listingState: state,
    editLocked: editLockedIn(state, row.locked),
    orderInProgress: row.orderInProgress,
  };
}

/** A listing's shown location: its zip's city, never the seller's address. */
export function placeName(city: string, stateCode: string): string {
  return `${city}, ${stateCode}`;
}
