import type { DonationOrder } from '@yardly/shared/contract';
import { DONATION_MAX_PHOTOS, donationMessages, donationProcess, donationRefusalMessage } from '@yardly/shared/rules';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { donationPictures } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { FileStore } from '../files/file-store';
import type { PhotoInput } from '../files/images';
import { storePhoto } from '../files/photo-upload';
import { fileUrl } from '../files/urls';
import { orderFor } from './access';
import { donationView } from './read';

const notYours = () => new AppError(403, donationMessages.notYourDonation, { reason: 'not_your_donation' });
const photoNotFound = () => new AppError(404, donationMessages.photoNotFound, { reason: 'photo_not_found' });

/** The order's donor or recipient (an admin reads the photos in the console, and adds none): 404 / 403 otherwise. */
async function handoverOrder(db: Db, caller: Caller, donationOrderId: string, lock = false) {
  const found = await orderFor(db, caller, donationOrderId, 'show', lock);
  if (found.party === 'admin') throw notYours();
  return found;
}

/**
 * The donor or the recipient uploads a photo of the handover (`POST /svc/donations/picture`): the
 * listing photos' pipeline (JPG or PNG by content, at most 10 MB, metadata with GPS stripped,
 * re-encoded), kept unsaved until `picture/save`.
 */
export async function uploadDonationPicture(
  db: Db,
  files: FileStore,
  caller: Caller,
  query: { donationOrderId: string; messageRef?: string },
  photo: PhotoInput,
  now: Date,
) {
  const { row } = await handoverOrder(db, caller, query.donationOrderId);
  if (row.state === 'cancelled') {
    throw AppError.conflict(donationRefusalMessage('cancel', 'cancelled'), donationProcess.states.cancelled.refusal);
  }
  const stored = await storePhoto(files, photo, 'donations', row.refnum);
  try {
    await db.insert(donationPictures).values({
      orderId: row.id,
      resourcePath: stored.key,
      uploaderId: caller.userId,
      messageRef: query.messageRef ?? null,
      createdAt: now,
    });
  } catch (error) {
    // Nothing refers to the stored file: do not keep it.
    await files.delete(stored.key);
    throw error;
  }
  return { resourcePath: stored.key, url: fileUrl(stored.key) };
}

/** The fields of `picture/save`, from the query or the body (the body wins); 400 on the one missing. */
export function pictureSaveFields(
  query: { resourcePath?: string; donationOrderId?: string },
  body: { resourcePath?: string; donationOrderId?: string } | null | undefined,
) {
  const resourcePath = body?.resourcePath ?? query.resourcePath;
  const donationOrderId = body?.donationOrderId ?? query.donationOrderId;
  if (!resourcePath) throw AppError.badRequest('Name the photo to save', 'resourcePath');
  if (!donationOrderId) throw AppError.badRequest('Name the donation order', 'donationOrderId');
  return { resourcePath, donationOrderId };
}

/**
 * Keeps an uploaded photo on its order (`POST /svc/donations/picture/save`), at most four: the
 * order's row lock makes two saves at once count one after the other. Only its uploader saves it.
 */
export function saveDonationPicture(
  db: Db,
  caller: Caller,
  fields: { resourcePath: string; donationOrderId: string },
): Promise<DonationOrder> {
  return db.transaction(async (tx) => {
    const { row, party } = await handoverOrder(tx, caller, fields.donationOrderId, true);
    const [picture] = await tx
      .select()
      .from(donationPictures)
      .where(and(eq(donationPictures.resourcePath, fields.resourcePath), eq(donationPictures.orderId, row.id)));
    if (!picture || picture.uploaderId !== caller.userId) throw photoNotFound();
    if (!picture.saved) {
      const [saved] = await tx
        .select({ n: count() })
        .from(donationPictures)
        .where(and(eq(donationPictures.orderId, row.id), eq(donationPictures.saved, true)));
      if ((saved?.n ?? 0) >= DONATION_MAX_PHOTOS) {
        throw new AppError(409, donationMessages.tooManyPhotos, { field: 'resourcePath', reason: 'too_many_photos' });
      }
      await tx.update(donationPictures).set({ saved: true }).where(eq(donationPictures.id, picture.id));
    }
    return donationView(tx, row, party);
  });
}

/** Deletes a photo its uploader added to a donation order (`DELETE /svc/donations/picture`); the file goes after. */
export async function deleteDonationPicture(db: Db, files: FileStore, caller: Caller, resourcePath: string) {
  const [picture] = await db.select().from(donationPictures).where(eq(donationPictures.resourcePath, resourcePath));
  if (!picture) throw photoNotFound();
  if (picture.uploaderId !== caller.userId) throw notYours();
  await db.delete(donationPictures).where(eq(donationPictures.id, picture.id));
  await files.delete(picture.resourcePath);
  return { success: true as const };
}
