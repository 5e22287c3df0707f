import { RETURN_MAX_PHOTOS, returnMessages, returnProcess } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { returnPhotos } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { FileStore } from '../files/file-store';
import type { PhotoInput } from '../files/images';
import { storePhoto } from '../files/photo-upload';
import { returnFor } from './access';
import { photosOf } from './read';

/**
 * The buyer adds a photo to their return while it waits for the seller, at most four. The image
 * work (the listing photos' pipeline: content checked, metadata stripped, re-encoded) happens
 * outside the transaction; the count is checked again under the row locks and the unique slot.
 */
export async function addReturnPhoto(db: Db, files: FileStore, caller: Caller, returnId: string, photo: PhotoInput) {
  const check = async (tx: Db, lock: boolean) => {
    const found = await returnFor(tx, caller, returnId, 'edit', lock);
    if (found.party !== 'buyer') throw new AppError(403, returnMessages.onlyBuyerOpens, { reason: 'not_your_turn' });
    if (found.row.state !== 'requested') {
      throw new AppError(409, returnMessages.photosClosed, { reason: returnProcess.states[found.row.state].refusal });
    }
    const photos = await photosOf(tx, found.row.id);
    if (photos.length >= RETURN_MAX_PHOTOS) throw AppError.badRequest(returnMessages.tooManyPhotos, 'photo');
    return { row: found.row, taken: photos.map((p) => p.picno) };
  };
  const { row } = await check(db, false);
  const stored = await storePhoto(files, photo, 'returns', row.refnum);
  try {
    return await db.transaction(async (tx) => {
      const { taken } = await check(tx, true);
      const picno = Array.from({ length: RETURN_MAX_PHOTOS }, (_, i) => i + 1).find((n) => !taken.includes(n));
      if (picno === undefined) throw AppError.badRequest(returnMessages.tooManyPhotos, 'photo');
      await tx
        .insert(returnPhotos)
        .values({ returnId: row.id, picno, path: stored.key, width: stored.width, height: stored.height });
      return { photos: await photosOf(tx, row.id) };
    });
  } catch (error) {
    // Nothing refers to the stored file: do not keep it.
    await files.delete(stored.key);
    if (isUniqueViolation(error)) throw AppError.badRequest(returnMessages.tooManyPhotos, 'photo');
    throw error;
  }
}
