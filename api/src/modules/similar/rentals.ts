import { type RentalSearchDoc, SIMILAR_LIMIT } from '@yardly/shared/contract';
import { RENTAL_OPEN_STATES, rentalMessages } from '@yardly/shared/rules';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { executeKept } from '../../db/kept-statements';
import { rentals } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { rentalDocsOf } from '../rental-search/service';
import { RENTALS } from '../rental-search/statement';
import { type RentalCardJson, rentalPageCardsJson } from '../rentals/cards';
import { placedRows } from '../search/place-source';
import { keptCentreMiles } from '../search/radius';

/** "Near" a place for rent: as far as the rental search reaches by default. */
export const SIMILAR_RENTAL_MILES = 25;

/** Only places on the market are shown beside another: the rental search's own predicate (its partial indexes'). */
const onTheMarket = sql`"rentals"."state" = 'available'`;

/** The rental as its page opens it (`rentalDetail`'s rule); anything else 404 with the rentals' message. */
async function openedRental(db: Db, refnum: string, caller: Caller | null) {
  const [row] = await db
    .select({
      id: rentals.id,
      landlordId: rentals.landlordId,
      title: rentals.title,
      propertyType: rentals.propertyType,
      state: rentals.state,
      lat: rentals.placeLatitude,
      lng: rentals.placeLongitude,
    })
    .from(rentals)
    .where(eq(rentals.refnum, refnum));
  const mine = Boolean(row && caller?.userId === row.landlordId);
  if (!row || !(mine || RENTAL_OPEN_STATES.includes(row.state))) throw AppError.notFound(rentalMessages.notFound);
  return { ...row, centre: row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng } };
}

async function rentalCardsOf(db: Db, rows: SQL, order: SQL): Promise<RentalSearchDoc[]> {
  const [row] = await executeKept<{ page: [number, number | null][] | null; cards: RentalCardJson[] | null }>(
    db,
    sql`with page as (
      select id, miles, row_number() over (order by ${order}) as n from (${rows} order by ${order} limit ${SIMILAR_LIMIT}) cut
    )
    select (select json_agg(json_build_array(id, miles) order by n) from page) as page,
      ${rentalPageCardsJson(sql`page`)} as cards`,
  );
  return rentalDocsOf({ page: row?.page ?? [], cards: row?.cards ?? [] });
}

/**
 * Up to SIMILAR_LIMIT places on the market like `refnum`'s: of its property type, within
 * SIMILAR_RENTAL_MILES of it, never its own landlord's; the most alike title first, then the
 * nearest, then the newest. A place whose zip has no centre has no "near": nothing.
 */
export async function similarRentals(db: Db, refnum: string, caller: Caller | null): Promise<RentalSearchDoc[]> {
  const rental = await openedRental(db, refnum, caller);
  if (!rental.centre) return [];
  const where = sql`${onTheMarket} and "rentals"."property_type" = ${rental.propertyType}
    and "rentals"."landlord_id" <> ${rental.landlordId} and "rentals"."id" <> ${rental.id}`;
  // The radius's grid cells read from the search index, as a rental search with text reads them.
  const source = placedRows(RENTALS, where, { centre: rental.centre, miles: SIMILAR_RENTAL_MILES }, true);
  const rows = sql`select "rentals"."id" as id, coalesce("rentals"."listed_at", "rentals"."created_at") as listed_at,
      ${source.miles} as miles, similarity("rentals"."title", ${rental.title}) as alike
    from ${source.from}`;
  return rentalCardsOf(db, rows, sql`alike desc, miles asc nulls last, listed_at desc, id desc`);
}

/** Up to SIMILAR_LIMIT of the landlord's other places on the market, newest first. */
export async function moreFromLandlord(db: Db, refnum: string, caller: Caller | null): Promise<RentalSearchDoc[]> {
  const rental = await openedRental(db, refnum, caller);
  const miles = rental.centre
    ? keptCentreMiles('rentals', { centre: rental.centre, miles: SIMILAR_RENTAL_MILES })
    : sql`null::float8`;
  const rows = sql`select "rentals"."id" as id, coalesce("rentals"."listed_at", "rentals"."created_at") as listed_at,
      ${miles} as miles
    from "rentals" where ${onTheMarket} and "rentals"."landlord_id" = ${rental.landlordId}
      and "rentals"."id" <> ${rental.id}`;
  return rentalCardsOf(db, rows, sql`listed_at desc, id desc`);
}
