import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { listings } from '../../db/schema/index';

/** A listing anyone can find: active, not deleted, not sold, not past its end. */
export function liveListing(): SQL {
  return and(
    eq(listings.status, 'active'),
    isNull(listings.deletedAt),
    eq(listings.saleType, 0),
    or(isNull(listings.listingEnd), gt(listings.listingEnd, sql`now()`)),
  ) as SQL;
}
