import type { SellFilter } from '@yardly/shared/contract';
import { listingProcess } from '@yardly/shared/rules';
import { and, asc, desc, eq, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { sqlTime } from '../../clock/sql-time';
import type { Db } from '../../db/connect';
import { listings, transitions, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { inMarketplace, PUBLIC_MARKETPLACE } from '../organisation-marketplace/visibility';
import { selectSellerCards, toSellerCard } from './cards';
import { inListingStates, visibleListing } from './visibility';

/** Deactivated, and past its end at `now` (the clock's). */
const pausedPastEnd = (now: Date) =>
  and(eq(listings.state, 'paused'), isNotNull(listings.listingEnd), lte(listings.listingEnd, sqlTime(now)));

/**
 * A listing whose sale came back, as its log records it: a transition to `returned`. The returns
 * issue writes that transition; until it lands no event takes a listing there, so this real
 * query finds none.
 */
export const saleReturned = sql`exists (select 1 from ${transitions} where ${transitions.process} = ${listingProcess.name}
  and ${transitions.subjectId} = ${listings.id} and ${transitions.toState} = 'returned')`;

/**
 * The sell filters of spec section 4, on the listings' states. A deactivated listing whose end
 * has passed shows under EXPIRED, as it always has: reactivated, it is expired.
 */
const sellFilterWhere = (now: Date): Record<SellFilter, SQL | undefined> => ({
  ALL: undefined,
  EXPIRED: or(inListingStates(['expired'], now), pausedPastEnd(now)),
  CANCELLED: eq(listings.state, 'deleted'),
  // Active: published and on sale now (no draft, nothing deactivated or past its end). Sold
  // and awaiting shipment joins it with the orders issue; no such sale exists before then.
  ACTIVE_AND_TO_BE_SHIPPED: inListingStates(['live'], now),
  SOLD_AND_DELIVERED: inArray(listings.state, ['sold', 'donated']),
  RETURNED: saleReturned,
});

export async function sellerListings(
  db: Db,
  caller: Caller | null,
  query: { sellerRefnum: string; sellFilter: SellFilter; page: number; size: number; asc: boolean },
  now: Date,
) {
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.refnum, query.sellerRefnum));
  if (!seller) throw AppError.notFound('This seller does not exist');
  const isSeller = caller?.userId === seller.id;
  const where = and(
    eq(listings.sellerId, seller.id),
    // Others see the public marketplace's: an organisation's listings are listed only in its flow.
    isSeller ? undefined : and(visibleListing('page', 'public', now), inMarketplace(PUBLIC_MARKETPLACE)),
    sellFilterWhere(now)[query.sellFilter],
  );
  const order = query.asc ? asc : desc;
  const [rows, [total]] = await Promise.all([
    selectSellerCards(db, now)
      .where(where)
      .orderBy(order(listings.createdAt), order(listings.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: sql<number>`count(*)::int` }).from(listings).where(where),
  ]);
  return {
    listings: rows.map((row) => toSellerCard(row, now)),
    totalElements: total?.n ?? 0,
    number: query.page,
    size: query.size,
  };
}

/**
 * `GET /svc/listing/createdAny`: whether the caller ever created a listing (a draft counts, a
 * deleted one too); of another person, only what went past the draft (a draft is nobody else's business).
 */
export async function createdAny(db: Db, caller: Caller, userRefnum: string | undefined) {
  const own = !userRefnum || userRefnum === caller.userRefnum;
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(
      and(
        own ? eq(listings.sellerId, caller.userId) : eq(users.refnum, userRefnum),
        own ? undefined : sql`${listings.state} <> 'draft'`,
      ),
    )
    .limit(1);
  return { createdAny: Boolean(row) };
}
