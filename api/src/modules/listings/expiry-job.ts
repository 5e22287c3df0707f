import { and, asc, eq, lte } from 'drizzle-orm';
import { listings } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { fireListingTimers } from './process';

/** How often due expiries are taken, and how many a run takes at most (the next run takes the rest). */
export const EXPIRY_EVERY_MINUTES = 15;
const BATCH = 500;

/**
 * The safety net under the listing process's `expire` timer. The timer itself is queued by the
 * engine when a listing is published or relisted and fires through the process's timer job
 * (`timer:listing`, ADR 0014). This recurring sweep only takes what no timer job will: live rows
 * written without a transition (the demo and bulk seeds insert them directly) and a listing
 * whose timer job died. Every live listing whose end has come is moved to expired by the process,
 * one transaction each, logged as the system's; one that moved on first is left alone
 * (`fireListingTimers` re-reads it). Until then, readers treat a live listing past its end as expired.
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
