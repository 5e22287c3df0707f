import {
  LISTING_VISIBILITY,
  type ListingState,
  type ListingSurface,
  type ListingViewer,
  listingProcess,
} from '@yardly/shared/rules';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { listings, transitions } from '../../db/schema/index';

const SOLD: ListingState[] = ['sold', 'donated'];

/** A live listing whose end has come: expired, whether or not its timer has run yet. */
const pastEnd = sql`(${listings.listingEnd} is not null and ${listings.listingEnd} <= now())`;

/**
 * The listing (in the current query's row) is in one of `states` as `currentListingState` reads
 * it: a stored `live` past its end counts as `expired`. Written on the `state` column, so the
 * partial indexes on `state = 'live'` serve it.
 */
export function inListingStates(states: readonly ListingState[]): SQL {
  const live = states.includes('live');
  const expired = states.includes('expired');
  if (live === expired) return inArray(listings.state, [...states]);
  if (live)
    return and(inArray(listings.state, [...states]), sql`(${listings.state} <> 'live' or not ${pastEnd})`) as SQL;
  return and(inArray(listings.state, [...states, 'live']), sql`(${listings.state} <> 'live' or ${pastEnd})`) as SQL;
}

/** The one visibility rule (shared `LISTING_VISIBILITY`) as a condition on the listing's row. */
export function visibleListing(surface: ListingSurface, viewer: ListingViewer): SQL {
  return inListingStates(LISTING_VISIBILITY[surface][viewer]);
}

/** Sold or donated, or deleted after a sale: a seller's sales as a profile counts them. */
export const soldListing = sql`(${inArray(listings.state, SOLD)} or (${listings.state} = 'deleted' and exists (
  select 1 from ${transitions} where ${transitions.process} = ${listingProcess.name}
    and ${transitions.subjectId} = ${listings.id} and ${transitions.toState} = 'deleted'
    and ${inArray(transitions.fromState, SOLD)})))`;
