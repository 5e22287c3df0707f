import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings } from '../../db/schema/index';
import { SYSTEM } from '../../process/transition';
import { takeListingEvent } from '../listings/process';
import type { OrderRow } from './process';

/**
 * A cancelled order's listing comes off 'sold', in the cancel's transaction. Cancelled by its
 * seller or a moderator: Deactivated (`orderCancelled`), so its seller sees 'Activate Listing'
 * and decides when it is on sale again. Cancelled by the ship-by timer: on sale again at once
 * (`orderLapsed`, issue 19). A listing its seller already moved on (relisted, deleted) or a
 * moderator removed is left as it is.
 */
export async function releaseCancelledOrdersListing(
  tx: Db,
  order: Pick<OrderRow, 'listingId'>,
  now: Date,
  how: 'orderCancelled' | 'orderLapsed' = 'orderCancelled',
) {
  const [listing] = await tx.select().from(listings).where(eq(listings.id, order.listingId)).for('update');
  if (listing?.state !== 'sold') return;
  await takeListingEvent(tx, listing, how, SYSTEM, now);
}
