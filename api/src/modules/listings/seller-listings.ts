import type { SellFilter } from '@yardly/shared/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { selectSellerCards, toSellerCard } from './cards';

const notEnded = or(isNull(listings.listingEnd), gt(listings.listingEnd, sql`now()`));
const ended = and(isNotNull(listings.listingEnd), lte(listings.listingEnd, sql`now()`));

/** The sell filters of spec section 4, as conditions on the seller's listings. */
const SELL_FILTER_WHERE: Record<SellFilter, SQL | undefined> = {
  ALL: undefined,
  EXPIRED: and(isNull(listings.deletedAt), eq(listings.saleType, 0), ne(listings.status, 'draft'), ended),
  CANCELLED: or(isNotNull(listings.deletedAt), eq(listings.status, 'canceled')),
  // Orders (to be shipped) arrive with the orders issue; until then: everything still on offer.
  ACTIVE_AND_TO_BE_SHIPPED: and(
    isNull(listings.deletedAt),
    eq(listings.saleType, 0),
    inArray(listings.status, ['active', 'inactive', 'draft']),
    notEnded,
  ),
  SOLD_AND_DELIVERED: and(isNull(listings.deletedAt), ne(listings.saleType, 0)),
  // Returns arrive with the returns issue: no listing has been returned before they exist.
  RETURNED: sql`false`,
};

/** What anyone but the seller may see of a seller's listings: published, not deleted. */
const publicView = and(isNull(listings.deletedAt), eq(listings.status, 'active'));

export async function sellerListings(
  db: Db,
  caller: Caller | null,
  query: { sellerRefnum: string; sellFilter: SellFilter; page: number; size: number; asc: boolean },
) {
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.refnum, query.sellerRefnum));
  if (!seller) throw AppError.notFound('This seller does not exist');
  const isSeller = caller?.userId === seller.id;
  const where = and(
    eq(listings.sellerId, seller.id),
    isSeller ? undefined : publicView,
    SELL_FILTER_WHERE[query.sellFilter],
  );
  const order = query.asc ? asc : desc;
  const [rows, [total]] = await Promise.all([
    selectSellerCards(db)
      .where(where)
      .orderBy(order(listings.createdAt), order(listings.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: sql<number>`count(*)::int` }).from(listings).where(where),
  ]);
  return { listings: rows.map(toSellerCard), totalElements: total?.n ?? 0, number: query.page, size: query.size };
}
