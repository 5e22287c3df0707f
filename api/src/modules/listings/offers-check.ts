import { and, eq, type SQL, sql } from 'drizzle-orm';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { listings, offers } from '../../db/schema/index';

/**
 * An accepted offer (in the current query's row) still holding its listing: reserved for its buyer
 * or sold at it. One whose sale ended (the sold item relisted, a moderator's removal) holds nothing
 * until the next acceptance closes it (offers/sale-ended.ts).
 */
export const acceptedAndHolding: SQL = sql`(${offers.state} = 'accepted' and exists (select 1 from listings held
  where held.id = ${offers.listingId} and held.state in ('reserved', 'sold')))`;

/**
 * An offer (in the current query's row) that holds its listing at `now`: accepted (and holding
 * it), or pending and not yet past its expiry (whether or not the expiry job has run). Shared
 * `ACTIVE_OFFER_STATES`.
 */
export function offerHoldsAt(now: SQL): SQL {
  return sql`(${acceptedAndHolding} or (${offers.state} = 'pending' and ${offers.expiresAt} > ${now}))`;
}

export function openOfferAt(now: Date): SQL {
  return offerHoldsAt(sqlTime(now));
}

/** The number of offers holding the listing in the current query's row at `now` (the card's `offerCount`). */
export function activeOfferCount(now: Date): SQL<number> {
  return sql<number>`(select count(*)::int from ${offers}
  where ${offers.listingId} = ${listings.id} and ${openOfferAt(now)})`;
}

/** Whether the listing (in the current query's row) has an accepted offer, which locks editing. */
export const hasLockingOffer = sql<boolean>`exists (select 1 from ${offers}
  where ${offers.listingId} = ${listings.id} and ${acceptedAndHolding})`;

export async function countActiveOffers(db: Db, listingId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offers)
    .where(and(eq(offers.listingId, listingId), openOfferAt(now)));
  return row?.n ?? 0;
}

export async function hasAcceptedOffer(db: Db, listingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.listingId, listingId), acceptedAndHolding))
    .limit(1);
  return row !== undefined;
}
