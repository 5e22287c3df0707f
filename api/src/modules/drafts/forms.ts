import type { FieldError } from '@yardly/shared/contract';
import { listingActionMessages } from '@yardly/shared/rules';
import { asc, eq, inArray, lt } from 'drizzle-orm';
import { addMs } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { defineJob } from '../../jobs/job';
import type { FileStore } from '../files/file-store';
import { fileUrl } from '../files/urls';
import { DRAFT_LIFETIME_MS, type DraftKind } from './draft-kind';

/** A working copy as its form's calls need it: whose it is and what it edits (null: a new one). */
export type DraftRef = { id: number; refnum: string; ownerId: number; subjectId: number | null };
type Picture = { picno: number; url: string };

/**
 * A new working copy for a form. With a subject (the caller's listing or rental, found and
 * checked by `subjectOf` in the transaction), it edits that one and starts with its photos; the
 * subject changes only when the form is saved.
 */
export async function openDraft(
  db: Db,
  kind: DraftKind,
  caller: Caller,
  subjectOf: (tx: Db) => Promise<{ id: number } | undefined>,
) {
  return db.transaction(async (tx) => {
    const subject = await subjectOf(tx);
    const [draft] = await tx
      .insert(kind.drafts)
      .values({ refnum: newRefnum(kind.refnumKind), ownerId: caller.userId, [kind.subject.key]: subject?.id })
      .returning({ id: kind.drafts.id, refnum: kind.drafts.refnum });
    if (!draft) throw new Error(`${kind.formName} draft not inserted`);
    if (subject) {
      const photos = await tx
        .select({
          picno: kind.photos.picno,
          path: kind.photos.path,
          width: kind.photos.width,
          height: kind.photos.height,
        })
        .from(kind.photos)
        .where(eq(kind.subject.photo, subject.id));
      if (photos.length > 0) await tx.insert(kind.draftPhotos).values(photos.map((p) => ({ draftId: draft.id, ...p })));
    }
    return { inputSourceRandomRefnum: draft.refnum, pictures: await draftPictures(tx, kind, draft.id) };
  });
}

/** A saved form's broken fields: 400 with each in the envelope's `errors`, the first one's message as `msg`. */
export function formFieldErrors(errors: FieldError[]): AppError {
  return new AppError(400, errors[0]?.message ?? 'The listing is not valid', { errors });
}

/** The caller's working copy (locked for the transaction when asked): 404 unknown, 403 someone else's. */
export async function ownDraft(
  db: Db,
  kind: DraftKind,
  caller: Caller,
  refnum: string,
  lock = false,
): Promise<DraftRef> {
  const d = kind.drafts;
  const query = db
    .select({ id: d.id, refnum: d.refnum, ownerId: d.ownerId, subjectId: kind.subject.draft })
    .from(d)
    .where(eq(d.refnum, refnum));
  const [draft] = lock ? await query.for('update') : await query;
  if (!draft) throw AppError.notFound(listingActionMessages.draftNotFound);
  if (draft.ownerId !== caller.userId) throw AppError.forbidden(kind.messages.notYours);
  return draft;
}

/** A working copy's photos in their order. */
export async function draftPictures(db: Db, kind: DraftKind, draftId: number): Promise<Picture[]> {
  const rows = await db
    .select({ picno: kind.draftPhotos.picno, path: kind.draftPhotos.path })
    .from(kind.draftPhotos)
    .where(eq(kind.draftPhotos.draftId, draftId))
    .orderBy(asc(kind.draftPhotos.picno));
  return rows.map((r) => ({ picno: r.picno, url: fileUrl(r.path) }));
}

/**
 * Saving a form: its subject's photos become exactly the form's, and the form edits that subject
 * from now on. Answers the files the subject no longer shows (`deleteFileUnlessShown` once committed).
 */
export async function saveDraftTo(tx: Db, kind: DraftKind, draftId: number, subjectId: number): Promise<string[]> {
  const photos = await tx
    .select({
      picno: kind.draftPhotos.picno,
      path: kind.draftPhotos.path,
      width: kind.draftPhotos.width,
      height: kind.draftPhotos.height,
    })
    .from(kind.draftPhotos)
    .where(eq(kind.draftPhotos.draftId, draftId));
  const before = await tx
    .delete(kind.photos)
    .where(eq(kind.subject.photo, subjectId))
    .returning({ path: kind.photos.path });
  if (photos.length > 0)
    await tx.insert(kind.photos).values(photos.map((p) => ({ [kind.subject.key]: subjectId, ...p })));
  await tx
    .update(kind.drafts)
    .set({ [kind.subject.key]: subjectId })
    .where(eq(kind.drafts.id, draftId));
  const kept = new Set(photos.map((p) => p.path));
  return before.map((p) => p.path).filter((path) => !kept.has(path));
}

/**
 * A subject its owner deleted lets go of its photos and its forms (the one that made it, any
 * editing it: they can no longer be saved), in the delete's transaction. Answers the keys whose
 * files may go once it commits (`deleteFileUnlessShown`).
 */
export async function releasePhotosOf(tx: Db, kind: DraftKind, subjectId: number): Promise<string[]> {
  const released = await tx
    .delete(kind.photos)
    .where(eq(kind.subject.photo, subjectId))
    .returning({ path: kind.photos.path });
  const forms = tx.select({ id: kind.drafts.id }).from(kind.drafts).where(eq(kind.subject.draft, subjectId));
  const inForms = await tx
    .delete(kind.draftPhotos)
    .where(inArray(kind.draftPhotos.draftId, forms))
    .returning({ path: kind.draftPhotos.path });
  await tx.delete(kind.drafts).where(eq(kind.subject.draft, subjectId));
  return [...new Set([...released, ...inForms].map((photo) => photo.path))];
}

/** Deletes a photo's file (and its sizes) unless a subject or a form of this kind still shows it. */
export async function deleteFileUnlessShown(db: Db, kind: DraftKind, files: FileStore, key: string): Promise<void> {
  const [shown] = await db.select({ id: kind.photos.id }).from(kind.photos).where(eq(kind.photos.path, key)).limit(1);
  const [inForm] = await db
    .select({ id: kind.draftPhotos.id })
    .from(kind.draftPhotos)
    .where(eq(kind.draftPhotos.path, key))
    .limit(1);
  if (!shown && !inForm) await files.delete(key);
}

/**
 * After a commit: the files of `keys` that nothing of this kind shows any more go. The change is
 * made either way, so a file the store keeps is an orphan to log, not a failed call.
 */
export async function deleteFilesUnlessShown(db: Db, kind: DraftKind, files: FileStore, keys: string[]) {
  for (const key of keys) {
    await deleteFileUnlessShown(db, kind, files, key).catch((cause: unknown) =>
      console.error(`Could not delete a ${kind.formName} photo nothing shows`, cause),
    );
  }
}

/**
 * Delete the working copies older than `before` and their photos' files, unless a subject or a
 * newer form still shows them (a saved form keeps its photos until then). Answers how many went.
 */
export async function sweepDrafts(db: Db, kind: DraftKind, files: FileStore, before: Date): Promise<number> {
  const { drafts, paths } = await db.transaction(async (tx) => {
    // Locked first, so an upload to one of them waits and then finds it gone.
    const old = await tx
      .select({ id: kind.drafts.id })
      .from(kind.drafts)
      .where(lt(kind.drafts.createdAt, before))
      .for('update');
    const ids = old.map((d) => d.id);
    if (ids.length === 0) return { drafts: 0, paths: [] };
    const photos = await tx
      .delete(kind.draftPhotos)
      .where(inArray(kind.draftPhotos.draftId, ids))
      .returning({ path: kind.draftPhotos.path });
    await tx.delete(kind.drafts).where(inArray(kind.drafts.id, ids));
    return { drafts: ids.length, paths: photos.map((p) => p.path) };
  });
  for (const key of new Set(paths)) await deleteFileUnlessShown(db, kind, files, key);
  return drafts;
}

/**
 * Abandoned forms are swept every hour, as a durable job: one run at a time whatever the number
 * of api processes, the first an hour after the schedule is first armed, and a moved dev clock
 * moves the cutoff with it.
 */
export function draftSweepJob(kind: DraftKind, files: FileStore) {
  return defineJob<Record<string, never>>({
    name: `${kind.area}.sweep-drafts`,
    schedule: { everyMinutes: 60 },
    async run(_payload, { db, now, log }) {
      const drafts = await sweepDrafts(db, kind, files, addMs(now, -DRAFT_LIFETIME_MS));
      if (drafts > 0) log.info({ drafts }, `abandoned ${kind.formName} forms swept`);
    },
  });
}
