import { savedSearchCalls } from '@yardly/shared/contract';
import { listingProcess, rentalProcess } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import { digestJob, matchJob, priceDropJob, savedSearchesFollowListing, savedSearchesFollowRental } from './alerts';
import { deleteSavedSearch, listSavedSearches, saveSearch } from './service';

/**
 * Saved searches with alerts (issue 37, ADR 0057): a person keeps up to 25 searches of the
 * marketplace or the rentals; a listing or rental put on the market is matched against them all
 * in PostgreSQL (a job queued by this capability's subscriptions to the listing and rental
 * processes), and each saver is told once per listing and saved search: in-app, live, by push,
 * and in a daily digest mail when their communication settings allow it.
 */
export const savedSearchesCapability = defineCapability({
  name: 'saved-searches',
  calls: savedSearchCalls,
  handlers: ({ db, clock }) => ({
    save: ({ body, caller }) => saveSearch(db, caller, body, clock.now()),
    list: ({ query, caller }) => listSavedSearches(db, caller, query.kind),
    remove: ({ query, caller }) => deleteSavedSearch(db, caller, query.id),
  }),
  processes: (registry) => {
    registry.onTransition(listingProcess, {}, savedSearchesFollowListing);
    registry.onTransition(rentalProcess, {}, savedSearchesFollowRental);
  },
  jobs: (s) => [matchJob(s), digestJob(s), priceDropJob(s)],
});
