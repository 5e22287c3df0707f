import { PAYOUT_RUN_EVERY_MINUTES } from '@yardly/shared/rules';
import { defineJob } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import { sellersToPay } from './payable';
import { startPayout } from './send';

export const PAYOUT_RUN_JOB = 'payouts.run';

/**
 * The daily payout run: each seller with a bank account is paid what has passed its hold
 * (PAYOUT_HOLD_DAYS). Sellers without a bank account keep their balance. Running twice pays
 * once: each payout leaves available in the transaction that writes it.
 */
export function payoutRunJob(jobs: Jobs) {
  return defineJob<null>({
    name: PAYOUT_RUN_JOB,
    schedule: { everyMinutes: PAYOUT_RUN_EVERY_MINUTES },
    async run(_payload, { db, now, log }) {
      let paid = 0;
      for (const sellerId of await sellersToPay(db)) {
        if (await startPayout(db, jobs, sellerId, now)) paid += 1;
      }
      if (paid) log.info({ payouts: paid }, 'payout run: payouts queued');
    },
  });
}
