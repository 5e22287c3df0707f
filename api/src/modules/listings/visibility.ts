import {
  LISTING_VISIBILITY,
  type ListingState,
  type ListingSurface,
  type ListingViewer,
  listingProcess,
} from '@yardly/shared/rules';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { sqlTime } from '../../clock/sql-time';
import { listings, transitions } from '../../db/schema/index';

const SOLD: ListingState[] = ['sold', 'donated'];

/**
 * Not past its end at `now`, the clock's time (a live listing past it has expired, whether or not
 * its timer has run yet). Never the database's now(): a dev clock moved forward must move it too.
 */
const beforeEnd = (now: Date) => sql`(${listings.listingEnd} is null or ${listings.listingEnd} > ${sqlTime(now)})`;

/** Past its end at `now`: a stored `live` listing this holds for counts as expired (`beforeEnd`'s opposite). */
export const pastEnd = (now: Date) => sql`${listings.listingEnd} <= ${sqlTime(now)}`;

/** States are the process's own names, written as literals so a partial index's `state = 'live'` is provably implied. */
function stateIn(states: readonly ListingState[]): SQL {
  if (states.length === 1) return sql`${listings.state} = ${sql.raw(`'${states[0]}'`)}`;
  return sql`${listings.state} in (${sql.join(
    states.map((state) => sql.raw(`'${state}'`)),
    sql`, `,
  )})`;
}

/**
 * The listing (in the current query's row) is in one of `states` as `currentListingState` reads
 * it: a stored `live` past its end counts as `expired`. Written on the `state` column, so the
 * partial indexes on `state = 'live'` serve it.
 */
export function inListingStates(states: readonly ListingState[], now: Date): SQL {
  const live = states.includes('live');
  const expired = states.includes('expired');
  if (live === expired) return stateIn(states);
  const others = states.filter((state) => state !== 'live');
  if (live) {
    const liveNow = sql`(${listings.state} = 'live' and ${beforeEnd(now)})`;
    return others.length ? sql`(${liveNow} or ${stateIn(others)})` : liveNow;
  }
  return sql`(${stateIn(states)} or (${listings.state} = 'live' and not ${beforeEnd(now)}))`;
}

/** The one visibility rule (shared `LISTING_VISIBILITY`) as a condition on the listing's row. */
export function visibleListing(surface: ListingSurface, viewer: ListingViewer, now: Date): SQL {
  return inListingStates(LISTING_VISIBILITY[surface][viewer], now);
}

/** Sold or donated, or deleted after a sale: a seller's sales as a profile counts them. */
export const soldListing = sql`(${inArray(listings.state, SOLD)} or (${listings.state} = 'deleted' and exists (
  select 1 from ${transitions} where ${transitions.process} = ${listingProcess.name}
    and ${transitions.subjectId} = ${listings.id} and ${transitions.toState} = 'deleted'
    and ${inArray(transitions.fromState, SOLD)})))`;
