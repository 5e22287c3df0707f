import { and, eq, lt } from 'drizzle-orm';
import { addMs } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { donationPictures } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import type { FileStore } from '../files/file-store';

/** An uploaded handover photo nobody saved within a day was abandoned (the page that uploaded it closed). */
export const UNSAVED_PICTURE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Deletes the unsaved handover photos uploaded before `before`, rows and files; answers how many went. */
export async function sweepUnsavedDonationPictures(db: Db, files: FileStore, before: Date): Promise<number> {
  const gone = await db
    .delete(donationPictures)
    .where(and(eq(donationPictures.saved, false), lt(donationPictures.createdAt, before)))
    .returning({ path: donationPictures.resourcePath });
  // Each file belongs to its one row (resource_path is unique): nothing else shows it.
  for (const { path } of gone) await files.delete(path);
  return gone.length;
}

/** Every hour, as the listing and rental forms' abandoned photos are swept. */
export function donationPictureSweepJob(files: FileStore) {
  return defineJob<Record<string, never>>({
    name: 'donations.sweep-unsaved-pictures',
    schedule: { everyMinutes: 60 },
    async run(_payload, { db, now, log }) {
      const pictures = await sweepUnsavedDonationPictures(db, files, addMs(now, -UNSAVED_PICTURE_LIFETIME_MS));
      if (pictures > 0) log.info({ pictures }, 'unsaved donation photos swept');
    },
  });
}
