import type { donationListingsCall } from '@yardly/shared/contract';
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { listings } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { selectCards, toCard } from '../listings/cards';
import { liveListing } from '../listings/live';
import { searchCentre } from '../search/centre';
import { placedRows } from '../search/place-source';
import { LISTINGS } from '../search/statement';
import { assertRecipient } from './recipient';

type Query = z.output<NonNullable<(typeof donationListingsCall)['query']>>;
type Page = z.infer<typeof donationListingsCall.response>;

/**
 * `GET /svc/listing/donations`: the donation listings on offer within `d` miles of the zip, nearest
 * first, for recipients (403 for anyone else). The place comes from the search module: the zip's
 * centre (an unknown zip: 400 with the location message) and its grid of cells (`placedRows`).
 * The caller's own donations are left out: they cannot request them. Live at `now`, the clock's.
 */
export async function donationListingsNear(db: Db, caller: Caller, query: Query, now: Date): Promise<Page> {
  await assertRecipient(db, caller);
  const centre = await searchCentre(db, { zip: query.zip });
  const where = sql`${liveListing(now)} and "listings"."is_donation" and "listings"."seller_id" <> ${caller.userId}`;
  const { from, miles } = placedRows(LISTINGS, where, centre && { centre, miles: query.d }, false);
  const result = (await db.execute(sql`
    select "listings"."id" as id, ${miles} as miles, count(*) over () as total from ${from}
    order by miles asc nulls last, "listings"."created_at" desc, "listings"."id" desc
    limit ${query.size} offset ${query.page * query.size}
  `)) as unknown as { rows: { id: number | string; miles: number | string | null; total: number | string }[] };
  const page = result.rows.map((r) => ({ id: Number(r.id), miles: r.miles === null ? null : Number(r.miles) }));
  const cards = page.length
    ? await selectCards(db, now).where(
        inArray(
          listings.id,
          page.map((p) => p.id),
        ),
      )
    : [];
  const byId = new Map(cards.map((card) => [card.id, card]));
  const docs = page.flatMap(({ id, miles: distance }) => {
    const card = byId.get(id);
    return card
      ? [{ ...toCard(card, now), distanceMiles: distance === null ? null : Math.round(distance * 10) / 10 }]
      : [];
  });
  // Past the last page the window has no row to count on: ask for the total alone.
  const total = result.rows[0] ? Number(result.rows[0].total) : await countNear(db, from);
  return { docs, totalElements: total, number: query.page, size: query.size };
}

async function countNear(db: Db, from: ReturnType<typeof placedRows>['from']): Promise<number> {
  const result = (await db.execute(sql`select count(*) as n from ${from}`)) as unknown as {
    rows: { n: number | string }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}
