import { defineJob } from '../../jobs/job';
import { fireOfferTimer, OFFER_EXPIRY_JOB, type OfferRunner } from './process';

/**
 * The offer process's `expire` timer: making an offer queues this job for its `expires_at` (one
 * per offer, keyed by it), on the app's clock. It expires the offer only if it is still pending
 * then. Until it has run, every read already treats a pending offer past `expires_at` as expired.
 */
export function offerExpiryJob(runner: OfferRunner) {
  return defineJob<{ offerId: number }>({
    name: OFFER_EXPIRY_JOB,
    async run({ offerId }, { db, now, log }) {
      const state = await db.transaction((tx) => fireOfferTimer(tx, runner, offerId, now));
      if (state === 'expired') log.info({ offerId }, 'offer expired');
    },
  });
}
