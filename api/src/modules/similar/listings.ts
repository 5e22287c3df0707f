import { DEFAULT_DISTANCE_MILES, isRefnum, type SearchDoc, SIMILAR_LIMIT } from '@yardly/shared/contract';
import { currentListingState, listingActionMessages, visibleTo } from '@yardly/shared/rules';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { executeKept } from '../../db/kept-statements';
import { listings } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { type CardJson, pageCardsJson } from '../listings/cards';
import { liveListing } from '../listings/live';
import type { Centre } from '../location/zip-centres';
import {
  listingReader,
  type Marketplace,
  openableBy,
  PUBLIC_MARKETPLACE,
} from '../organisation-marketplace/visibility';
import { searchCentre } from '../search/centre';
import { keptCentreMiles } from '../search/radius';
import { docsOf } from '../search/service';

/** "Near the viewer": as far as a search reaches by default (50 miles); a listing that ships comes from anywhere. */
export const SIMILAR_MILES = DEFAULT_DISTANCE_MILES;

/** The item beside which the rails are shown, and the marketplace its rails are read from. */
interface OpenedListing {
  id: number;
  sellerId: number;
  title: string;
  categoryId: number;
  subCategoryId: number | null;
  centre: Centre | null;
  marketplace: Marketplace;
}

/**
 * The listing as its page opens it (`listingDetail`'s rule: openable by the caller, and in a state
 * its page shows them); anything else is 404, as a listing that does not exist. Its rails are read
 * from the marketplace a search by the caller would read (`liveListing`): an organisation's when
 * the item is of the organisation the caller is a member of now, else the public one, so a
 * members-only listing never reaches anyone outside its organisation.
 */
async function openedListing(db: Db, refnum: string, caller: Caller | null, now: Date): Promise<OpenedListing> {
  if (!isRefnum(refnum)) throw AppError.notFound(listingActionMessages.notFound);
  const reader = await listingReader(db, caller);
  const [row] = await db
    .select({
      id: listings.id,
      sellerId: listings.sellerId,
      title: listings.title,
      categoryId: listings.categoryId,
      subCategoryId: listings.subCategoryId,
      organizationId: listings.organizationId,
      state: listings.state,
      listingEnd: listings.listingEnd,
      lat: listings.placeLatitude,
      lng: listings.placeLongitude,
      openable: sql<boolean>`${openableBy(reader)}`,
    })
    .from(listings)
    .where(eq(listings.refnum, refnum));
  if (!row?.openable) throw AppError.notFound(listingActionMessages.notFound);
  const state = currentListingState(row.state, row.listingEnd, now);
  if (!visibleTo(state, caller?.userId === row.sellerId ? 'owner' : 'public', 'page')) {
    throw AppError.notFound(listingActionMessages.notFound);
  }
  const inItsOrganisation = row.organizationId !== null && reader.organizationId === row.organizationId;
  return {
    id: row.id,
    sellerId: row.sellerId,
    title: row.title,
    categoryId: row.categoryId,
    subCategoryId: row.subCategoryId,
    centre: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    marketplace: inItsOrganisation ? { organizationId: row.organizationId } : PUBLIC_MARKETPLACE,
  };
}

/** What the page asks beside its item: the item's refnum, and the viewer's zip when it has one. */
export interface BesideItem {
  listingRefnum: string;
  zip?: string;
}

/**
 * The item opened as its page opens it, and where "near" is: the viewer's zip when the page gives
 * one (an unknown zip: 400, as search answers it), else the item's own place.
 */
async function openedBeside(db: Db, input: BesideItem, caller: Caller | null, now: Date) {
  const item = await openedListing(db, input.listingRefnum, caller, now);
  const centre = input.zip ? await searchCentre(db, { zip: input.zip }) : item.centre;
  return { item, centre };
}

/**
 * One round trip: the `limit` best rows of `from` in `order` (over the columns `columns` names, among
 * them `id` and `miles`), and their cards, as a search answers its page.
 */
async function cardsOf(db: Db, rows: SQL, order: SQL, now: Date): Promise<SearchDoc[]> {
  const [row] = await executeKept<{ page: [number, number | null][] | null; cards: CardJson[] | null }>(
    db,
    cardsStatement(rows, order, now),
  );
  return docsOf({ page: row?.page ?? [], cards: row?.cards ?? [] }, now);
}

/** `cardsOf`'s statement (the bench explains it). */
function cardsStatement(rows: SQL, order: SQL, now: Date): SQL {
  return sql`with page as (
      select id, miles, row_number() over (order by ${order}) as n from (${rows} order by ${order} limit ${SIMILAR_LIMIT}) cut
    )
    select (select json_agg(json_build_array(id, miles) order by n) from page) as page,
      ${pageCardsJson(sql`page`, now)} as cards`;
}

/** The rows a rail beside an item ranks, and their order. */
type RailRows = (item: OpenedListing, centre: Centre | null, now: Date) => { rows: SQL; order: SQL };

/** A rail beside an item's page: the item opened as its page opens it, then its rows' cards. */
function besideItemRail(railRows: RailRows) {
  return async (db: Db, input: BesideItem, caller: Caller | null, now: Date): Promise<SearchDoc[]> => {
    const { item, centre } = await openedBeside(db, input, caller, now);
    const { rows, order } = railRows(item, centre, now);
    return cardsOf(db, rows, order, now);
  };
}

/** Each row's miles from the centre by the zip centre it keeps; null where there is no centre. */
function milesFrom(centre: Centre | null): SQL {
  return centre ? keptCentreMiles('listings', { centre, miles: SIMILAR_MILES }) : sql`null::float8`;
}

/**
 * Up to SIMILAR_LIMIT live listings like `refnum`'s: of its subcategory (its category when it has
 * none), within SIMILAR_MILES of the viewer or shipping from anywhere (search's "ships to you"),
 * never the item itself nor any of its seller's, in the marketplace the item's page belongs to;
 * the most alike title first (pg_trgm's `similarity`), then the nearest, then the newest.
 */
export const similarListings = besideItemRail(similarRows);

/** The rows `similarListings` ranks, and their order. */
function similarRows(item: OpenedListing, centre: Centre | null, now: Date): { rows: SQL; order: SQL } {
  const sameKind =
    item.subCategoryId === null
      ? sql`"listings"."category_id" = ${item.categoryId}`
      : sql`"listings"."sub_category_id" = ${item.subCategoryId}`;
  const where = sql`${liveListing(now, item.marketplace)} and ${sameKind}
    and "listings"."seller_id" <> ${item.sellerId} and "listings"."id" <> ${item.id}`;
  // The item's subcategory is read from its covering index (migration 0059: the rail's columns
  // only, no table row, ADR 0068); each row is then measured from the centre by the zip centre it
  // keeps, and kept when it lies within SIMILAR_MILES or ships (search's "ships to you").
  const miles = milesFrom(centre);
  const near = centre ? sql` and ("listings"."shippable" or ${miles} <= ${SIMILAR_MILES}::float8)` : sql``;
  const rows = sql`select "listings"."id" as id, "listings"."created_at" as created_at, ${miles} as miles,
      similarity("listings"."title", ${item.title}) as alike
    from "listings" where ${where}${near}`;
  return { rows, order: sql`alike desc, miles asc nulls last, created_at desc, id desc` };
}

/** Up to SIMILAR_LIMIT of the seller's other live listings in the same marketplace, newest first. */
export const moreFromSeller = besideItemRail((item, centre, now) => {
  const rows = sql`select "listings"."id" as id, "listings"."created_at" as created_at, ${milesFrom(centre)} as miles
    from "listings" where ${liveListing(now, item.marketplace)}
      and "listings"."seller_id" = ${item.sellerId} and "listings"."id" <> ${item.id}`;
  return { rows, order: sql`created_at desc, id desc` };
});

/** The statement `similarListings` runs for `input` (its plan, for the bench): the item is opened as a guest. */
export async function similarStatement(db: Db, input: BesideItem, now: Date): Promise<SQL> {
  const { item, centre } = await openedBeside(db, input, null, now);
  const { rows, order } = similarRows(item, centre, now);
  return cardsStatement(rows, order, now);
}
