import { listingListMessages, PAGE_SIZES } from '@yardly/shared/rules';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { useLoaded } from '../../lib/use-loaded';
import { ListingCollection } from '../ListingCollection';
import { hrefWithPage, Pagination } from '../Pagination';
import { Spinner } from '../Spinner';

/**
 * A person's listings, 8 a page, first page 1 (spec section 9). Read from the account module's
 * profile listings call: others see the live ones, the person also sees sold and paused ones.
 */
export function ProfileListings({ userRefnum }: { userRefnum: string }) {
  // The server renders page 1's spinner; the browser reads ?page= (a shared link to page 3).
  const [page, setPage] = useState(() =>
    typeof window === 'undefined'
      ? 1
      : Math.max(1, Number(new URLSearchParams(window.location.search).get('page')) || 1),
  );
  const listings = useLoaded(
    () => browserApi.profile.listings({ userRefnum, page: page - 1, size: PAGE_SIZES.profileListings }),
    [userRefnum, page],
    { failure: 'ProfileListings: a call failed' },
  );

  function go(next: number) {
    const url = new URL(window.location.href);
    url.searchParams.set('page', String(next));
    window.history.pushState(null, '', url);
    setPage(next);
  }

  if (listings.state === 'loading') return <Spinner label="Loading listings" />;
  if (listings.state === 'failed')
    return <p className="state-message state-message--error">{listingListMessages.fetchError}</p>;
  const result = listings.data;
  if (result.docs.length === 0) return <p className="state-message">{listingListMessages.noListings}</p>;
  return (
    <>
      <ListingCollection listings={result.docs} label="Listings" />
      <Pagination
        page={page}
        totalPages={Math.ceil(result.totalElements / result.size)}
        hrefFor={(p) => hrefWithPage(window.location.search, p)}
        onChange={go}
      />
    </>
  );
}
