import type { ListingCard } from '@yardly/shared/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listingPhotos, listings, users, zipCodes } from '../../db/schema/index';
import { fileUrl } from '../files/urls';

/** The columns a listing card needs; join with `cardJoins`. */
export const cardColumns = {
  id: listings.id,
  refnum: listings.refnum,
  title: listings.title,
  priceCents: listings.priceCents,
  listingEnd: listings.listingEnd,
  deletedAt: listings.deletedAt,
  saleType: listings.saleType,
  shippable: listings.shippable,
  meetToDeliver: listings.meetToDeliver,
  offerFreeDelivery: listings.offerFreeDelivery,
  buyNow: listings.buyNow,
  isDonation: listings.isDonation,
  sellerRefnum: users.refnum,
  city: zipCodes.city,
  stateCode: zipCodes.stateCode,
  mainPhoto: sql<string | null>`(select ${listingPhotos.path} from ${listingPhotos}
    where ${listingPhotos.listingId} = ${listings.id} order by ${listingPhotos.picno} limit 1)`,
};

export function selectCards(db: Db) {
  return db
    .select(cardColumns)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .innerJoin(zipCodes, eq(zipCodes.zip, listings.zip));
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];

export function toCard(row: CardRow): ListingCard {
  return {
    listingRefnum: row.refnum,
    listingTitle: row.title,
    listingPictureUrl: row.mainPhoto ? fileUrl(row.mainPhoto) : null,
    location: placeName(row.city, row.stateCode),
    listingCurrentPrice: row.priceCents,
    listingEnd: row.listingEnd ? new Date(row.listingEnd).toISOString() : null,
    listingDeleted: row.deletedAt !== null,
    saleType: row.saleType,
    sellerRefnum: row.sellerRefnum,
    // Offers arrive with the offers issue; until a listing can receive one, it has none.
    offerCount: 0,
    shippable: row.shippable,
    meetToDeliver: row.meetToDeliver,
    offerFreeDelivery: row.offerFreeDelivery,
    buyNow: row.buyNow,
    isDonation: row.isDonation,
  };
}

/** A listing's shown location: its zip's city, never the seller's address. */
export function placeName(city: string, stateCode: string): string {
  return `${city}, ${stateCode}`;
}
