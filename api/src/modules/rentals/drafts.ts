import { listingActionMessages, MAX_RENTAL_PHOTOS, rentalMessages, rentalRefusalMessage } from '@yardly/shared/rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { rentalDraftPhotos, rentalDrafts, rentalPhotos } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { FileStore } from '../files/file-store';
import type { PhotoInput } from '../files/images';
import { storePhoto } from '../files/photo-upload';
import { fileUrl } from '../files/urls';
import { ownRental, type RentalRow } from './access';

export type RentalDraftRow = typeof rentalDrafts.$inferSelect;
type Picture = { picno: number; url: string };
type Slot = { inputSourceRandomRefnum: string; picno: number };

/** A deleted listing is not edited any more (restoring it is the console's). */
export function assertRentalEditable(rental: RentalRow): void {
  if (rental.state === 'deleted') throw AppError.conflict(rentalRefusalMessage('delete', 'deleted'), 'deleted');
}

/**
 * A new working copy for the rental form. With a rental (the caller's own), it edits that
 * listing and starts with its photos; the listing changes only when the form is saved.
 */
export async function openRentalDraft(db: Db, caller: Caller, refnum: string | undefined) {
  return db.transaction(async (tx) => {
    const rental = refnum ? await ownRental(tx, caller, refnum) : undefined;
    if (rental) assertRentalEditable(rental);
    const [draft] = await tx
      .insert(rentalDrafts)
      .values({ refnum: newRefnum('rentalDraft'), ownerId: caller.userId, rentalId: rental?.id })
      .returning();
    if (!draft) throw new Error('rental draft not inserted');
    if (rental) {
      const photos = await tx.select().from(rentalPhotos).where(eq(rentalPhotos.rentalId, rental.id));
      if (photos.length > 0) {
        await tx
          .insert(rentalDraftPhotos)
          .values(
            photos.map((p) => ({ draftId: draft.id, picno: p.picno, path: p.path, width: p.width, height: p.height })),
          );
      }
    }
    return { inputSourceRandomRefnum: draft.refnum, pictures: await rentalDraftPictures(tx, draft.id) };
  });
}

/** The caller's working copy (locked for the transaction when asked): 404 unknown, 403 someone else's. */
export async function ownRentalDraft(db: Db, caller: Caller, refnum: string, lock = false): Promise<RentalDraftRow> {
  const query = db.select().from(rentalDrafts).where(eq(rentalDrafts.refnum, refnum));
  const [draft] = lock ? await query.for('update') : await query;
  if (!draft) throw AppError.notFound(listingActionMessages.draftNotFound);
  if (draft.ownerId !== caller.userId) throw AppError.forbidden(rentalMessages.notYours);
  return draft;
}

export async function rentalDraftPictures(db: Db, draftId: number): Promise<Picture[]> {
  const rows = await db
    .select({ picno: rentalDraftPhotos.picno, path: rentalDraftPhotos.path })
    .from(rentalDraftPhotos)
    .where(eq(rentalDraftPhotos.draftId, draftId))
    .orderBy(asc(rentalDraftPhotos.picno));
  return rows.map((r) => ({ picno: r.picno, url: fileUrl(r.path) }));
}

/** The asked place when free, else the first free one; null when all eight are taken. */
function freePlace(taken: number[], wanted: number): number | null {
  if (!taken.includes(wanted)) return wanted;
  for (let picno = 1; picno <= MAX_RENTAL_PHOTOS; picno++) if (!taken.includes(picno)) return picno;
  return null;
}

const photoLimit = () => AppError.badRequest(rentalMessages.photoLimit, 'photo');

/**
 * Add a photo to a rental form through the marketplace's photo pipeline (JPG or PNG by content,
 * metadata and GPS stripped, resized). The image work happens outside the transaction; the count
 * is checked again under the form's row lock (and the unique place), so parallel uploads never
 * make a ninth.
 */
export async function addRentalDraftPhoto(db: Db, files: FileStore, caller: Caller, slot: Slot, photo: PhotoInput) {
  const draft = await ownRentalDraft(db, caller, slot.inputSourceRandomRefnum);
  if ((await rentalDraftPictures(db, draft.id)).length >= MAX_RENTAL_PHOTOS) throw photoLimit();
  const stored = await storePhoto(files, photo, 'rentals', draft.refnum);
  try {
    return await db.transaction(async (tx) => {
      await ownRentalDraft(tx, caller, draft.refnum, true);
      const taken = (
        await tx
          .select({ picno: rentalDraftPhotos.picno })
          .from(rentalDraftPhotos)
          .where(eq(rentalDraftPhotos.draftId, draft.id))
      ).map((r) => r.picno);
      const picno = freePlace(taken, slot.picno);
      if (picno === null) throw photoLimit();
      await tx
        .insert(rentalDraftPhotos)
        .values({ draftId: draft.id, picno, path: stored.key, width: stored.width, height: stored.height });
      return { picno, url: fileUrl(stored.key), pictures: await rentalDraftPictures(tx, draft.id) };
    });
  } catch (error) {
    // Nothing refers to the stored file: do not keep it.
    await files.delete(stored.key);
    if (isUniqueViolation(error)) throw photoLimit();
    throw error;
  }
}

/** Remove a form's photo; its file goes too unless a listing or another form still shows it. */
export async function deleteRentalDraftPhoto(db: Db, files: FileStore, caller: Caller, slot: Slot) {
  const draft = await ownRentalDraft(db, caller, slot.inputSourceRandomRefnum);
  const [removed] = await db
    .delete(rentalDraftPhotos)
    .where(and(eq(rentalDraftPhotos.draftId, draft.id), eq(rentalDraftPhotos.picno, slot.picno)))
    .returning({ path: rentalDraftPhotos.path });
  if (!removed) throw AppError.notFound(listingActionMessages.noSuchPhoto);
  await forgetUnusedRentalFile(db, files, removed.path);
  return { pictures: await rentalDraftPictures(db, draft.id) };
}

/**
 * A rental its landlord deleted lets go of its photos and its forms, in the delete's transaction:
 * the keys whose files may go once it commits (`forgetUnusedRentalFile`). A moderator's removal
 * keeps them (it can be restored).
 */
export async function releaseDeletedRentalPhotos(tx: Db, rentalId: number): Promise<string[]> {
  const released = await tx
    .delete(rentalPhotos)
    .where(eq(rentalPhotos.rentalId, rentalId))
    .returning({ path: rentalPhotos.path });
  const forms = tx.select({ id: rentalDrafts.id }).from(rentalDrafts).where(eq(rentalDrafts.rentalId, rentalId));
  const inForms = await tx
    .delete(rentalDraftPhotos)
    .where(inArray(rentalDraftPhotos.draftId, forms))
    .returning({ path: rentalDraftPhotos.path });
  await tx.delete(rentalDrafts).where(eq(rentalDrafts.rentalId, rentalId));
  return [...new Set([...released, ...inForms].map((photo) => photo.path))];
}

/** Delete a stored rental photo nothing shows any more (no listing, no form). */
export async function forgetUnusedRentalFile(db: Db, files: FileStore, key: string): Promise<void> {
  const [inRental] = await db
    .select({ id: rentalPhotos.id })
    .from(rentalPhotos)
    .where(eq(rentalPhotos.path, key))
    .limit(1);
  const [inDraft] = await db
    .select({ id: rentalDraftPhotos.id })
    .from(rentalDraftPhotos)
    .where(eq(rentalDraftPhotos.path, key))
    .limit(1);
  if (!inRental && !inDraft) await files.delete(key);
}
