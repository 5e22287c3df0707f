import { lt } from 'drizzle-orm';
import { addMs } from '../../clock/clock';
import { liveEvents, liveTickets } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import { pruneStaleProcesses } from './presence';

/** A live event is kept this long: a tab away longer reloads its page rather than replaying. */
export const LIVE_EVENTS_KEPT_DAYS = 7;

/** Deletes live events older than a week, tickets past their minute and processes long silent, on the clock. */
export const pruneLive = defineJob<Record<string, never>>({
  name: 'live.prune',
  schedule: { everyMinutes: 60 },
  async run(_payload, { db, now }) {
    await db.delete(liveEvents).where(lt(liveEvents.createdAt, addMs(now, -LIVE_EVENTS_KEPT_DAYS * 86_400_000)));
    await db.delete(liveTickets).where(lt(liveTickets.expiresAt, now));
    await pruneStaleProcesses(db, now);
  },
});
