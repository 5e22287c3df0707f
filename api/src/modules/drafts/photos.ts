import { listingActionMessages } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/unique';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { FileStore } from '../files/file-store';
import type { PhotoInput } from '../files/images';
import { storePhoto } from '../files/photo-upload';
import { fileUrl } from '../files/urls';
import type { DraftKind } from './draft-kind';
import { deleteFileUnlessShown, draftPictures, ownDraft } from './forms';

/** A place on a form: the form's working copy and the photo's number. */
type Slot = { inputSourceRandomRefnum: string; picno: number };

/** The asked place when free, else the first free one; null when every place is taken. */
function freePlace(taken: number[], wanted: number, places: number): number | null {
  if (!taken.includes(wanted)) return wanted;
  for (let picno = 1; picno <= places; picno++) if (!taken.includes(picno)) return picno;
  return null;
}

/**
 * Add a photo to a form through the photo pipeline (JPG or PNG by content, metadata and GPS
 * stripped, resized). The image work happens outside the transaction; the count is checked again
 * under the form's row lock (and the unique place), so parallel uploads never pass the limit.
 */
export async function addDraftPhoto(
  db: Db,
  kind: DraftKind,
  files: FileStore,
  caller: Caller,
  slot: Slot,
  photo: PhotoInput,
) {
  const tooMany = () => AppError.badRequest(kind.messages.tooManyPhotos, 'photo');
  const draft = await ownDraft(db, kind, caller, slot.inputSourceRandomRefnum);
  if ((await draftPictures(db, kind, draft.id)).length >= kind.maxPhotos) throw tooMany();
  const stored = await storePhoto(files, photo, kind.area, draft.refnum);
  try {
    return await db.transaction(async (tx) => {
      await ownDraft(tx, kind, caller, draft.refnum, true);
      const taken = await tx
        .select({ picno: kind.draftPhotos.picno })
        .from(kind.draftPhotos)
        .where(eq(kind.draftPhotos.draftId, draft.id));
      const picno = freePlace(
        taken.map((r) => r.picno),
        slot.picno,
        kind.maxPhotos,
      );
      if (picno === null) throw tooMany();
      await tx
        .insert(kind.draftPhotos)
        .values({ draftId: draft.id, picno, path: stored.key, width: stored.width, height: stored.height });
      return { picno, url: fileUrl(stored.key), pictures: await draftPictures(tx, kind, draft.id) };
    });
  } catch (error) {
    // Nothing refers to the stored file: do not keep it.
    await files.delete(stored.key);
    if (isUniqueViolation(error)) throw tooMany();
    throw error;
  }
}

/** Remove a form's photo; its file goes too unless a subject or another form still shows it. */
export async function deleteDraftPhoto(db: Db, kind: DraftKind, files: FileStore, caller: Caller, slot: Slot) {
  const draft = await ownDraft(db, kind, caller, slot.inputSourceRandomRefnum);
  const [removed] = await db
    .delete(kind.draftPhotos)
    .where(and(eq(kind.draftPhotos.draftId, draft.id), eq(kind.draftPhotos.picno, slot.picno)))
    .returning({ path: kind.draftPhotos.path });
  if (!removed) throw AppError.notFound(listingActionMessages.noSuchPhoto);
  await deleteFileUnlessShown(db, kind, files, removed.path);
  return { pictures: await draftPictures(db, kind, draft.id) };
}
