import type { ListingCard } from '@yardly/shared/contract';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { ORGANISATION_TEXTS } from '../../lib/organisation-texts';
import { fetchProducts, type ListOrganisation } from '../../lib/product-load';
import { readProductQuery } from '../../lib/product-query';
import { stayLoading, useLoaded } from '../../lib/use-loaded';
import { leaveLostOrganisation } from '../../stores/organisation-flow';
import { LoadedListings } from '../LoadedListings';

/** How many of the newest listings the organisation's home shows. */
const NEWEST_COUNT = 12;

/**
 * The organisation's home's newest listings (members only: the call sends the token, so the
 * browser fetches them). The same query as its product list, newest first.
 */
export function OrganisationListings({ org }: { org: ListOrganisation }) {
  const failure = 'Could not load the organisation’s listings';
  const listings = useLoaded<ListingCard[]>(
    async () => {
      const query = { ...readProductQuery(''), size: NEWEST_COUNT, sortBy: 'newest' as const };
      try {
        return (await fetchProducts(browserApi, query, null, org))?.data.docs ?? [];
      } catch (cause) {
        // No longer a member (403): out of the organisation's flow, home.
        if (!leaveLostOrganisation(cause, org.orgName)) throw cause;
        logFailure(failure, cause);
        return stayLoading();
      }
    },
    [org],
    { failure },
  );

  return (
    <LoadedListings
      load={listings.state === 'ready' ? listings.data : listings.state === 'failed' ? 'error' : 'loading'}
      layout="grid"
      label={ORGANISATION_TEXTS.newest}
      empty={ORGANISATION_TEXTS.noListings}
    />
  );
}
