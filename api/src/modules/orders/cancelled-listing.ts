import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings } from '../../db/schema/index';
import { SYSTEM } from '../../process/transition';
import { takeListingEvent } from '../listings/process';
import type { OrderRow } from './process';

/**
 * A cancelled order's listing comes off 'sold', in the cancel's transaction: Deactivated, logged
 * as the platform's `orderCancelled`, so its seller sees 'Activate Listing' and decides when it is
 * on sale again. A listing its seller already moved on (relisted, deleted) or a moderator removed
 * is left as it is.
 */
export async function pauseCancelledOrdersListing(tx: Db, order: Pick<OrderRow, 'listingId'>, now: Date) {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, order.listingId)).for('update');
  if (listing?.state !== 'sold') return;
  await takeListingEvent(tx, listing, 'orderCancelled', SYSTEM, now);
}
