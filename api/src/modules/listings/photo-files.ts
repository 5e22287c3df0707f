import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { donationOrders, draftPhotos, listingDrafts, listingPhotos, orders } from '../../db/schema/index';
import type { FileStore } from '../files/file-store';

/** Deletes a photo's file (and its sizes) unless a listing or a listing form still shows it. */
export async function deleteFileUnlessShown(db: Db, files: FileStore, key: string): Promise<void> {
  const [inListing] = await db
    .select({ id: listingPhotos.id })
    .from(listingPhotos)
    .where(eq(listingPhotos.path, key))
    .limit(1);
  const [inDraft] = await db.select({ id: draftPhotos.id }).from(draftPhotos).where(eq(draftPhotos.path, key)).limit(1);
  if (!inListing && !inDraft) await files.delete(key);
}

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
  const released = await tx
    .delete(listingPhotos)
    .where(eq(listingPhotos.listingId, listingId))
    .returning({ path: listingPhotos.path });
  // Its forms (the one that made it, any editing it) can no longer be saved: they go with their photos.
  const forms = tx.select({ id: listingDrafts.id }).from(listingDrafts).where(eq(listingDrafts.listingId, listingId));
  const inForms = await tx
    .delete(draftPhotos)
    .where(inArray(draftPhotos.draftId, forms))
    .returning({ path: draftPhotos.path });
  await tx.delete(listingDrafts).where(eq(listingDrafts.listingId, listingId));
  return [...new Set([...released, ...inForms].map((photo) => photo.path))];
}
