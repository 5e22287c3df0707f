import { PAYOUT_RUN_EVERY_MINUTES } from '@yardly/shared/rules';
import { defineJob } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import { sellersToPay } from './payable';
import { failedTransferredPayouts, retryFailedPayout, startPayout } from './send';

export const PAYOUT_RUN_JOB = 'payouts.run';

/**
 * The daily payout run: each seller with a bank account is paid what has passed its hold
 * (PAYOUT_HOLD_DAYS), and each payout that failed after its money reached the seller's connected
 * account is sent again from there (docs/decisions/0046). Sellers without a bank account keep
 * their balance. Running twice pays once: each payout leaves available in the transaction that
 * writes it, and a retry takes a failed payout only.
 */
export function payoutRunJob(jobs: Jobs) {
  return defineJob<null>({
    name: PAYOUT_RUN_JOB,
    schedule: { everyMinutes: PAYOUT_RUN_EVERY_MINUTES },
    async run(_payload, { db, now, log }) {
      let paid = 0;
      // A payout that failed after its transfer is paid out again from the seller's connected account.
      for (const payoutId of await failedTransferredPayouts(db)) {
        if (await retryFailedPayout(db, jobs, payoutId, now)) paid += 1;
      }
      for (const sellerId of await sellersToPay(db)) {
        if (await startPayout(db, jobs, sellerId, now)) paid += 1;
      }
      if (paid) log.info({ payouts: paid }, 'payout run: payouts queued');
    },
  });
}
