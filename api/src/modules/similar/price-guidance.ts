import type { PriceGuidance } from '@yardly/shared/contract';
import { type ConditionCode, PRICE_GUIDANCE } from '@yardly/shared/rules';
import { type SQL, sql } from 'drizzle-orm';
import { addMs } from '../../clock/clock';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { executeKept } from '../../db/kept-statements';
import { findCategory } from '../categories/service';
import { searchCentre } from '../search/centre';
import { keptCentreMiles } from '../search/radius';

const DAY_MS = 86_400_000;

/**
 * What similar items sold for near `zip` at `now` (the clock's): the 25th and 75th percentiles of
 * what buyers paid for the item (`orders.item_price_cents`: the listing's price or the accepted
 * offer, shipping apart) over the completed sales of the last PRICE_GUIDANCE.days days. A sale
 * counts when its order is delivered and the ledger holds its release (the seller's share made
 * available: `order-postings.ts`), dated by that release; a sale later undone (returned, refunded)
 * has left `delivered` and no longer counts. Of the subcategory asked (a top category: its listings
 * of any subcategory) and the condition, whose listing's zip lies within PRICE_GUIDANCE.miles of the
 * zip's centre. Null under PRICE_GUIDANCE.minSales sales, and the answer names no sale.
 *
 * Percentiles are PostgreSQL's `percentile_cont` (interpolated between the two nearest sales), taken
 * to whole cents by `round` on numeric: half a cent rounds away from zero.
 */
export async function priceGuidance(
  db: Db,
  query: { categoryRefnum: string; condition: ConditionCode; zip: string },
  now: Date,
): Promise<PriceGuidance | null> {
  const statement = await priceGuidanceStatement(db, query, now);
  if (!statement) return null;
  const [row] = await executeKept<{ sales: number; low: number | null; high: number | null }>(db, statement);
  const sales = Number(row?.sales ?? 0);
  if (sales < PRICE_GUIDANCE.minSales || row?.low == null || row.high == null) return null;
  return { lowCents: Number(row.low), highCents: Number(row.high), sales };
}

/** The statement `priceGuidance` runs (the bench explains it); null when the zip has no centre (no "near"). */
export async function priceGuidanceStatement(
  db: Db,
  query: { categoryRefnum: string; condition: ConditionCode; zip: string },
  now: Date,
): Promise<SQL | null> {
  const [category, centre] = await Promise.all([
    findCategory(db, query.categoryRefnum),
    searchCentre(db, { zip: query.zip }),
  ]);
  if (!centre) return null;
  const inCategory =
    category.parentId === null
      ? sql`"listings"."category_id" = ${category.id}`
      : sql`"listings"."sub_category_id" = ${category.id}`;
  const since = addMs(now, -PRICE_GUIDANCE.days * DAY_MS);
  const percentile = (p: number) =>
    sql`round((percentile_cont(${p}::float8) within group (order by o.item_price_cents))::numeric)::int`;
  // The listings near the zip first, from their covering index alone (migration 0059), then each
  // one's delivered order by its own index: a few sales among many listings, never every order
  // read (ADR 0068). `offset 0` keeps that shape, whatever the planner guesses of the radius.
  return sql`select count(*)::int as sales, ${percentile(PRICE_GUIDANCE.lowPercentile)} as low,
      ${percentile(PRICE_GUIDANCE.highPercentile)} as high
    from (select "listings"."id" from "listings"
      where ${inCategory} and "listings"."condition" = ${query.condition}
        and ${keptCentreMiles('listings', { centre, miles: PRICE_GUIDANCE.miles })} <= ${PRICE_GUIDANCE.miles}::float8
      offset 0) near
    cross join lateral (select o.item_price_cents from orders o
      where o.listing_id = near.id and o.state = 'delivered'
        and exists (select 1 from ledger_transactions r where r.order_id = o.id and r.kind = 'release'
          and r.at > ${sqlTime(since)} and r.at <= ${sqlTime(now)})
      offset 0) o`;
}
