import { eq } from 'drizzle-orm';
import { donationOrders } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { SYSTEM } from '../../process/transition';
import { orderWithListing } from './access';
import { DONATION_LAPSE_JOB } from './process';
import { type DonationDeps, takeDonationStep } from './steps';

/**
 * The donation process's `lapse` timer: a request queues it for its `confirm_by` (seven days). When
 * it fires, an order still `requested` and due lapses (cancelled, the listing on offer again, both
 * told); an order the donor confirmed, or one cancelled meanwhile, is left alone (CONVENTIONS #11).
 */
export function donationLapseJob(deps: Pick<DonationDeps, 'runner' | 'mailer'>) {
  return defineJob<{ donationOrderId: number }>({
    name: DONATION_LAPSE_JOB,
    async run({ donationOrderId }, { db, now, log }) {
      const lapsed = await db.transaction(async (tx) => {
        const found = await orderWithListing(tx, eq(donationOrders.id, donationOrderId));
        if (found?.row.state !== 'requested' || found.row.confirmBy.getTime() > now.getTime()) return false;
        await takeDonationStep(tx, deps, found, 'lapse', SYSTEM, now);
        return true;
      });
      if (lapsed) log.info({ donationOrderId }, 'donation request lapsed');
    },
  });
}
