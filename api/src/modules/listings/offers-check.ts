import { ACTIVE_OFFER_STATUSES, LOCKING_OFFER_STATUSES } from '@yardly/shared/rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, offers } from '../../db/schema/index';

/** The number of offers on the listing (in the current query's row) still waiting for an answer. */
export const activeOfferCount = sql<number>`(select count(*)::int from ${offers}
  where ${offers.listingId} = ${listings.id} and ${inArray(offers.status, [...ACTIVE_OFFER_STATUSES])})`;

/** Whether the listing (in the current query's row) has an accepted offer, which locks editing. */
export const hasLockingOffer = sql<boolean>`exists (select 1 from ${offers}
  where ${offers.listingId} = ${listings.id} and ${inArray(offers.status, [...LOCKING_OFFER_STATUSES])})`;

export async function countActiveOffers(db: Db, listingId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offers)
    .where(and(eq(offers.listingId, listingId), inArray(offers.status, [...ACTIVE_OFFER_STATUSES])));
  return row?.n ?? 0;
}

export async function hasAcceptedOffer(db: Db, listingId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.listingId, listingId), inArray(offers.status, [...LOCKING_OFFER_STATUSES])))
    .limit(1);
  return row !== undefined;
}
