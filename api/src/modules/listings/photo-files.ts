import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { donationOrders, orders } from '../../db/schema/index';
import { releasePhotosOf } from '../drafts/forms';
import { listingForm } from './drafts';

/**
 * A listing its seller deleted lets go of its photos and its forms, in the delete's transaction:
 * the keys whose files may go once it commits (`deleteFileUnlessShown`). A sale or a donation keeps them: its
 * order shows the item to its buyer (or charity) for good.
 */
export async function releaseDeletedListingPhotos(tx: Db, listingId: number): Promise<string[]> {
  const [sale] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.listingId, listingId)).limit(1);
  const [donation] = await tx
    .select({ id: donationOrders.id })
    .from(donationOrders)
    .where(eq(donationOrders.listingId, listingId))
    .limit(1);
  if (sale || donation) return [];
  return releasePhotosOf(tx, listingForm, listingId);
}
