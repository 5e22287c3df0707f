import { inArray, lt } from 'drizzle-orm';
import { addMs } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { rentalDraftPhotos, rentalDrafts } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import type { FileStore } from '../files/file-store';
import { DRAFT_LIFETIME_MS } from '../listings/drafts';
import { forgetUnusedRentalFile } from './drafts';

/**
 * Delete the rental forms older than `before` and the files of their photos that no listing and
 * no newer form shows (a saved form keeps its photos until then, as the selling form's do).
 * Answers how many forms went.
 */
export async function sweepAbandonedRentalDrafts(db: Db, files: FileStore, before: Date): Promise<number> {
  const { drafts, paths } = await db.transaction(async (tx) => {
    // Locked first, so an upload to one of them waits and then finds it gone.
    const old = await tx
      .select({ id: rentalDrafts.id })
      .from(rentalDrafts)
      .where(lt(rentalDrafts.createdAt, before))
      .for('update');
    const ids = old.map((d) => d.id);
    if (ids.length === 0) return { drafts: 0, paths: [] };
    const photos = await tx
      .delete(rentalDraftPhotos)
      .where(inArray(rentalDraftPhotos.draftId, ids))
      .returning({ path: rentalDraftPhotos.path });
    await tx.delete(rentalDrafts).where(inArray(rentalDrafts.id, ids));
    return { drafts: ids.length, paths: photos.map((p) => p.path) };
  });
  for (const key of new Set(paths)) await forgetUnusedRentalFile(db, files, key);
  return drafts;
}

/** Abandoned rental forms are swept every hour, as the selling forms are (one run at a time). */
export function rentalDraftSweepJob(files: FileStore) {
  return defineJob<Record<string, never>>({
    name: 'rentals.sweep-drafts',
    schedule: { everyMinutes: 60 },
    async run(_payload, { db, now, log }) {
      const drafts = await sweepAbandonedRentalDrafts(db, files, addMs(now, -DRAFT_LIFETIME_MS));
      if (drafts > 0) log.info({ drafts }, 'abandoned rental forms swept');
    },
  });
}
