import type { ListingCard } from '@yardly/shared/contract';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { ORGANISATION_TEXTS } from '../../lib/organisation-texts';
import { fetchProducts, type ListOrganisation } from '../../lib/product-load';
import { readProductQuery } from '../../lib/product-query';
import { leaveLostOrganisation } from '../../stores/organisation-flow';
import { LoadedListings } from '../LoadedListings';

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
        logFailure('Could not load the organisation’s listings', cause);
        if (!leaveLostOrganisation(cause, org.orgName)) setLoad({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [org]);

  return (
    <LoadedListings
      load={load.status === 'done' ? load.listings : load.status}
      layout="grid"
      label={ORGANISATION_TEXTS.newest}
      empty={ORGANISATION_TEXTS.noListings}
    />
  );
}
