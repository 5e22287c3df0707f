import type { RentalCard } from '@yardly/shared/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { pageRowsJson } from '../../db/page-json';
import { rentalPhotos, rentals, users } from '../../db/schema/index';
import { fileUrl } from '../files/urls';

/**
 * The one way a rental becomes a card (search, recent, a landlord's list, saved places,
 * conversations). The street line is in the card's address only when the landlord chose to show
 * it: a hidden street never leaves this file for anyone but its landlord (`rentalDetail`).
 */
export const rentalCardColumns = {
  id: rentals.id,
  refnum: rentals.refnum,
  title: rentals.title,
  rentCents: rentals.rentCents,
  state: rentals.state,
  propertyType: rentals.propertyType,
  bedrooms: rentals.bedrooms,
  bathrooms: rentals.bathrooms,
  squareFeet: rentals.squareFeet,
  availableFrom: rentals.availableFrom,
  line1: rentals.line1,
  showStreet: rentals.showStreet,
  city: rentals.city,
  region: rentals.region,
  zip: rentals.zip,
  createdAt: rentals.createdAt,
  listedAt: rentals.listedAt,
  landlordRefnum: users.refnum,
  mainPhoto: sql<string | null>`(select ${rentalPhotos.path} from ${rentalPhotos}
    where ${rentalPhotos.rentalId} = ${rentals.id} order by ${rentalPhotos.picno} limit 1)`,
};

export function selectRentalCards(db: Db) {
  return db.select(rentalCardColumns).from(rentals).innerJoin(users, eq(users.id, rentals.landlordId));
}

export type RentalCardRow = Awaited<ReturnType<ReturnType<typeof selectRentalCards>['execute']>>[number];

/** A card row as `rentalPageCardsJson` gives it: its times as JSON strings, numerics as numbers. */
export type RentalCardJson = Omit<RentalCardRow, 'createdAt' | 'listedAt'> & {
  createdAt: string;
  listedAt: string | null;
};

/**
 * The cards of the rentals in `page` (a relation with `id` and its order `n`) as one JSON array
 * in that order, so a statement answers its cards in the same round trip (as search's do).
 */
export function rentalPageCardsJson(page: SQL): SQL {
  return pageRowsJson(rentalCardColumns, page, rentals, [[users, eq(users.id, rentals.landlordId)]]);
}

/** 'City, ST 12345', with the street line first only when it may be shown. */
export function rentalAddress(row: {
  line1: string;
  showStreet: boolean;
  city: string;
  region: string;
  zip: string;
}): string {
  const place = `${row.city}, ${row.region} ${row.zip}`;
  return row.showStreet && row.line1 ? `${row.line1}, ${place}` : place;
}

export function toRentalCard(row: RentalCardRow | RentalCardJson): RentalCard {
  return {
    refnum: row.refnum,
    title: row.title,
    pictureUrl: row.mainPhoto ? fileUrl(row.mainPhoto) : null,
    address: rentalAddress(row),
    expectedRent: row.rentCents,
    available: row.state === 'available',
    landLordRefnum: row.landlordRefnum,
    propertyType: row.propertyType,
    bedrooms: row.bedrooms,
    bathrooms: Number(row.bathrooms),
    squareFeet: row.squareFeet,
    availableFrom: row.availableFrom,
    deleted: row.state === 'deleted',
    rentalState: row.state,
    createdAt: new Date(row.listedAt ?? row.createdAt).toISOString(),
  };
}
