import { and, asc, eq, lte } from 'drizzle-orm';
import { listings } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { fireListingTimers } from './process';

/** How often due expiries are taken, and how many a run takes at most (the next run takes the rest). */
export const EXPIRY_EVERY_MINUTES = 15;
const BATCH = 500;

/**
 * The listing process's `expire` timer (`after` the listing's lifetime, due at `listing_end`)
 * fires through this recurring job, on the app's clock: every live listing whose end has come is
 * moved to expired by the process, one transaction each, logged as the system's. A listing that
 * moved on first (sold, relisted with a later end) is left alone: `fireListingTimers` re-reads it.
 * Until the job has run, readers already treat a live listing past its end as expired.
 */
export const listingExpiryJob = defineJob<Record<string, never>>({
  name: 'listings.expire-due',
  schedule: { everyMinutes: EXPIRY_EVERY_MINUTES },
  async run(_payload, { db, now, log }) {
    const due = await db
      .select({ id: listings.id })
      .from(listings)
      .where(and(eq(listings.state, 'live'), lte(listings.listingEnd, now)))
      .orderBy(asc(listings.listingEnd))
      .limit(BATCH);
    let expired = 0;
    for (const { id } of due) {
      const state = await db.transaction((tx) => fireListingTimers(tx, id, now));
      if (state === 'expired') expired++;
    }
    if (expired > 0) log.info({ expired }, 'listings expired');
  },
});
