import { listingActionMessages, listingRuleMessages, MAX_PHOTOS } from '@yardly/shared/rules';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { draftPhotos, listingDrafts, listingPhotos } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { FileStore } from '../files/file-store';
import type { PhotoInput } from '../files/images';
import { storePhoto } from '../files/photo-upload';
import { fileUrl } from '../files/urls';
import { assertMaySell, ownListing } from './access';
import { assertEditable } from './edit-lock';
import { deleteFileUnlessShown } from './photo-files';

export type DraftRow = typeof listingDrafts.$inferSelect;
type Picture = { picno: number; url: string };

/**
 * A new working copy for the listing form. With a listing, it edits that listing and starts
 * with its photos (changes reach the listing when the form is saved).
 */
export async function openDraft(db: Db, caller: Caller, listingRefnum: string | undefined) {
  assertMaySell(caller);
  return db.transaction(async (tx) => {
    const listing = listingRefnum ? await ownListing(tx, caller, listingRefnum) : undefined;
    if (listing) await assertEditable(tx, listing);
    const [draft] = await tx
      .insert(listingDrafts)
      .values({ refnum: newRefnum('draft'), ownerId: caller.userId, listingId: listing?.id })
      .returning();
    if (!draft) throw new Error('draft not inserted');
    if (listing) {
      const photos = await tx.select().from(listingPhotos).where(eq(listingPhotos.listingId, listing.id));
      if (photos.length > 0) {
        await tx
          .insert(draftPhotos)
          .values(
            photos.map((p) => ({ draftId: draft.id, picno: p.picno, path: p.path, width: p.width, height: p.height })),
          );
      }
    }
    return { inputSourceRandomRefnum: draft.refnum, pictures: await draftPictures(tx, draft.id) };
  });
}

/** The caller's draft (locked for the transaction when asked): 404 unknown, 403 someone else's. */
export async function ownDraft(db: Db, caller: Caller, refnum: string, lock = false): Promise<DraftRow> {
  const query = db.select().from(listingDrafts).where(eq(listingDrafts.refnum, refnum));
  const [draft] = lock ? await query.for('update') : await query;
  if (!draft) throw AppError.notFound(listingActionMessages.draftNotFound);
  if (draft.ownerId !== caller.userId) throw AppError.forbidden(listingActionMessages.notYours);
  return draft;
}

export async function draftPictures(db: Db, draftId: number): Promise<Picture[]> {
  const rows = await db
    .select({ picno: draftPhotos.picno, path: draftPhotos.path })
    .from(draftPhotos)
    .where(eq(draftPhotos.draftId, draftId))
    .orderBy(asc(draftPhotos.picno));
  return rows.map((r) => ({ picno: r.picno, url: fileUrl(r.path) }));
}

/** The asked place when free, else the first free one; null when all four are taken. */
function freePlace(taken: number[], wanted: number): number | null {
  if (!taken.includes(wanted)) return wanted;
  for (let picno = 1; picno <= MAX_PHOTOS; picno++) if (!taken.includes(picno)) return picno;
  return null;
}

/**
 * Add a photo to a draft. The image work happens outside the transaction; the count is checked
 * again under the draft's row lock (and the unique place), so parallel uploads never make five.
 */
export async function addDraftPhoto(
  db: Db,
  files: FileStore,
  caller: Caller,
  query: { inputSourceRandomRefnum: string; picno: number },
  photo: PhotoInput,
) {
  const draft = await ownDraft(db, caller, query.inputSourceRandomRefnum);
  const before = await draftPictures(db, draft.id);
  if (before.length >= MAX_PHOTOS) throw AppError.badRequest(listingRuleMessages.tooManyPhotos, 'photo');
  const stored = await storePhoto(files, photo, 'listings', draft.refnum);
  try {
    return await db.transaction(async (tx) => {
      await ownDraft(tx, caller, draft.refnum, true);
      const taken = (
        await tx.select({ picno: draftPhotos.picno }).from(draftPhotos).where(eq(draftPhotos.draftId, draft.id))
      ).map((r) => r.picno);
      const picno = freePlace(taken, query.picno);
      if (picno === null) throw AppError.badRequest(listingRuleMessages.tooManyPhotos, 'photo');
      await tx
        .insert(draftPhotos)
        .values({ draftId: draft.id, picno, path: stored.key, width: stored.width, height: stored.height });
      return { picno, url: fileUrl(stored.key), pictures: await draftPictures(tx, draft.id) };
    });
  } catch (error) {
    // Nothing refers to the stored file: do not keep it.
    await files.delete(stored.key);
    if (isUniqueViolation(error)) throw AppError.badRequest(listingRuleMessages.tooManyPhotos, 'photo');
    throw error;
  }
}

/** Remove a draft's photo; its file goes too unless a listing or another form still shows it. */
export async function deleteDraftPhoto(
  db: Db,
  files: FileStore,
  caller: Caller,
  query: { inputSourceRandomRefnum: string; picno: number },
) {
  const draft = await ownDraft(db, caller, query.inputSourceRandomRefnum);
  const [removed] = await db
    .delete(draftPhotos)
    .where(and(eq(draftPhotos.draftId, draft.id), eq(draftPhotos.picno, query.picno)))
    .returning({ path: draftPhotos.path });
  if (!removed) throw AppError.notFound(listingActionMessages.noSuchPhoto);
  await deleteFileUnlessShown(db, files, removed.path);
  return { pictures: await draftPictures(db, draft.id) };
}

/** A listing form left this long is abandoned: its working copy and unused photos go. */
export const DRAFT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Delete the working copies older than `before` and their photos' files, unless a listing or
 * a newer form still shows them. Answers how many drafts went.
 */
export async function sweepAbandonedDrafts(db: Db, files: FileStore, before: Date): Promise<number> {
  const { drafts, paths } = await db.transaction(async (tx) => {
    // Locked first, so an upload to one of them waits and then finds it gone.
    const old = await tx
      .select({ id: listingDrafts.id })
      .from(listingDrafts)
      .where(lt(listingDrafts.createdAt, before))
      .for('update');
    const ids = old.map((d) => d.id);
    if (ids.length === 0) return { drafts: 0, paths: [] };
    const photos = await tx
      .delete(draftPhotos)
      .where(inArray(draftPhotos.draftId, ids))
      .returning({ path: draftPhotos.path });
    await tx.delete(listingDrafts).where(inArray(listingDrafts.id, ids));
    return { drafts: ids.length, paths: photos.map((p) => p.path) };
  });
  for (const key of new Set(paths)) await deleteFileUnlessShown(db, files, key);
  return drafts;
}

/** PostgreSQL's unique_violation, whether the driver or drizzle's wrapper carries it. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? (e as { code: unknown }).code : undefined);
  return code(error) === '23505' || code((error as { cause?: unknown })?.cause) === '23505';
}
