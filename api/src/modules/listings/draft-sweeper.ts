import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import type { FileStore } from '../files/file-store';
import { DRAFT_LIFETIME_MS, sweepAbandonedDrafts } from './drafts';

const EVERY_MS = 60 * 60 * 1000;

/**
 * While the app runs, abandoned listing forms are swept every hour (the first sweep an hour
 * after start, so short-lived test apps never sweep). Closing waits for a sweep in progress.
 */
export function scheduleDraftSweep(app: FastifyInstance, db: Db, files: FileStore): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = sweepAbandonedDrafts(db, files, new Date(Date.now() - DRAFT_LIFETIME_MS)).then(
      (drafts) => {
        if (drafts > 0) app.log.info({ drafts }, 'abandoned listing forms swept');
      },
      (error: unknown) => app.log.error({ err: error }, 'sweeping abandoned listing forms failed'),
    );
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
