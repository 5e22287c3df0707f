import { PRICE_RANGES } from '@yardly/shared/contract';
import { type SQL, sql } from 'drizzle-orm';
import { pastEnd } from '../listings/visibility';
import type { Match } from './match';
import { type PlacedTable, placedRows } from './place-source';
import type { Radius } from './radius';

/**
 * The lower bound of each price range, in PRICE_RANGES order: migration 0058's `listing_price_range`
 * files a price under the last of them it reaches (a test checks the two agree).
 */
export const PRICE_RANGE_FLOORS = PRICE_RANGES.map((range) => range.minCents);

/** A price that falls in the same range as the one counted: its range's lower bound. */
const RANGE_FLOOR = (range: SQL) => sql`(${sql.raw(`array[${PRICE_RANGE_FLOORS.join(',')}]`)})[${range} + 1]`;

/** The columns every part of the rows answers, as `base` reads them (the near rows: the table's `covered` and `miles`). */
const COLUMNS = sql`id, category_id, sub_category_id, condition, price_cents, shippable, meet_to_deliver,
  offer_free_delivery, created_at, miles, n, exact`;

/**
 * The rows of a nationwide browse (a centre, no text, the public marketplace) as its facets count
 * them, each with a weight `n` (docs/decisions/0067): the listings near the place that do not ship,
 * one by one (`exact`: their prices are their own); every live public listing that ships, as the
 * counts kept ahead by group (`listing_ship_counts`, migration 0058: `n` listings, priced at their
 * range's lower bound); and, counted -1 each, those of them the search leaves out: live past their
 * end at `match.now`, or the searcher's own. Only the price facet's own filter cannot be taken from
 * ranges: with a price filter the statement reads the rows one by one.
 */
export function shipCountedRows(listings: PlacedTable, match: Match & { radius: Radius }, ships: SQL): SQL {
  const near = placedRows(listings, sql`${match.where} and not ${ships}`, match.radius, false);
  const leftOut = [pastEnd(match.now)];
  if (match.searcherId !== null) leftOut.push(sql`"listings"."seller_id" = ${match.searcherId}`);
  return sql`(
    select ${COLUMNS} from (select "listings".*, 1 as n, true as exact from ${near.from}) near
    union all
    select null::bigint, category_id, sub_category_id, condition, ${RANGE_FLOOR(sql`price_range`)}, true,
      meet_to_deliver, offer_free_delivery, null::timestamptz, null::float8, n, false
    from "listing_ship_counts" where n <> 0${match.freeOnly ? sql` and price_range = 0` : sql``}
    union all
    select null::bigint, category_id, sub_category_id, condition, ${RANGE_FLOOR(sql`listing_price_range("listings"."price_cents")`)},
      true, meet_to_deliver, offer_free_delivery, null::timestamptz, null::float8, -1, false
    from "listings" where "listings"."state" = 'live' and "listings"."organization_id" is null and ${ships}
      and (${sql.join(leftOut, sql` or `)})${match.freeOnly ? sql` and "listings"."price_cents" = 0` : sql``}
  ) "listings"`;
}
