import { addMs } from '../../clock/clock';
import { defineJob } from '../../jobs/job';
import type { FileStore } from '../files/file-store';
import { DRAFT_LIFETIME_MS, sweepAbandonedDrafts } from './drafts';

/**
 * Abandoned listing forms are swept every hour, as a durable job: one run at a time whatever the
 * number of api processes, the first an hour after the schedule is first armed, and a moved dev
 * clock moves the cutoff with it.
 */
export function draftSweepJob(files: FileStore) {
  return defineJob<Record<string, never>>({
    name: 'listings.sweep-drafts',
    schedule: { everyMinutes: 60 },
    async run(_payload, { db, now, log }) {
      const drafts = await sweepAbandonedDrafts(db, files, addMs(now, -DRAFT_LIFETIME_MS));
      if (drafts > 0) log.info({ drafts }, 'abandoned listing forms swept');
    },
  });
}
