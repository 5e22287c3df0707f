import type { ListingCard } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { ORGANISATION_TEXTS } from '../../lib/organisation-texts';
import { fetchProducts, type ListOrganisation } from '../../lib/product-load';
import { readProductQuery } from '../../lib/product-query';
import { leaveLostOrganisation } from '../../stores/organisation-flow';
import { ListingCollection } from '../ListingCollection';
import { Spinner } from '../Spinner';

/** How many of the newest listings the organisation's home shows. */
const NEWEST_COUNT = 12;

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; listings: ListingCard[] };

/**
 * The organisation's home's newest listings (members only: the call sends the token, so the
 * browser fetches them). The same query as its product list, newest first.
 */
export function OrganisationListings({ org }: { org: ListOrganisation }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    const query = { ...readProductQuery(''), size: NEWEST_COUNT, sortBy: 'newest' as const };
    fetchProducts(browserApi, query, null, org).then(
      (result) => current && setLoad({ status: 'done', listings: result?.data.docs ?? [] }),
      (cause: unknown) => {
        if (!current) return;
        console.error('Could not load the organisation’s listings', cause);
        if (!leaveLostOrganisation(cause)) setLoad({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [org]);

  if (load.status === 'loading') return <Spinner label="Loading items" />;
  if (load.status === 'error') {
    return (
      <p className="state-message state-message--error" role="alert">
        {listingListMessages.fetchError}
      </p>
    );
  }
  if (load.listings.length === 0) return <p className="state-message">{ORGANISATION_TEXTS.noListings}</p>;
  return <ListingCollection listings={load.listings} layout="grid" label={ORGANISATION_TEXTS.newest} />;
}
