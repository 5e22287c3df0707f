import { useStore } from '@nanostores/react';
import type { ListingCard as ListingCardData } from '@yardly/shared/contract';
import { listingListMessages, PAGE_SIZES } from '@yardly/shared/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { positiveInt } from '../../lib/product-query';
import { FAVOURITES_PATH } from '../../lib/selling-paths';
import { $favouriteChanges } from '../../stores/favourites';
import { Breadcrumbs } from '../Breadcrumbs';
import { ListingCollection } from '../ListingCollection';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';

type Load =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; cards: ListingCardData[]; totalPages: number };

function pathFor(page: number): string {
  return page > 1 ? `${FAVOURITES_PATH}?page=${page}` : FAVOURITES_PATH;
}

/** /favorites: the saved listings, newest first; after a heart changes, back to page 1, size 10 (spec section 4). */
export function FavouritesPage() {
  const [page, setPage] = useState<number | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const changes = useStore($favouriteChanges);
  const seenChanges = useRef(changes);

  useEffect(() => {
    void requireSignedIn().then((session) => {
      if (session) setPage(positiveInt(new URLSearchParams(window.location.search).get('page'), 1, 10_000));
    });
  }, []);

  const fetchPage = useCallback(async (target: number) => {
    setLoad({ status: 'loading' });
    try {
      const answer = await browserApi.favourites.list({ page: target - 1, size: PAGE_SIZES.favourites });
      setLoad({ status: 'done', cards: answer.data, totalPages: answer.totalPages });
    } catch (cause) {
      console.error('Could not load favourites', cause);
      setLoad({ status: 'error' });
    }
  }, []);

  useEffect(() => {
    if (changes === seenChanges.current) return;
    seenChanges.current = changes;
    window.history.replaceState(null, '', pathFor(1));
    setPage(1);
    void fetchPage(1);
  }, [changes, fetchPage]);

  useEffect(() => {
    if (page !== null) void fetchPage(page);
  }, [page, fetchPage]);

  return (
    <section aria-labelledby="favourites-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'My Favorites' }]} />
      <h1 id="favourites-title">My Favorites</h1>
      {load.status === 'loading' && <Spinner label="Loading your favorites" />}
      {load.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.status === 'done' && load.cards.length === 0 && (
        <p className="state-message">{listingListMessages.noResults}</p>
      )}
      {load.status === 'done' && load.cards.length > 0 && page !== null && (
        <>
          <ListingCollection listings={load.cards} label="Your favorites" />
          <Pagination
            page={page}
            totalPages={load.totalPages}
            hrefFor={pathFor}
            onChange={(next) => {
              window.history.pushState(null, '', pathFor(next));
              window.scrollTo({ top: 0 });
              setPage(next);
            }}
          />
        </>
      )}
    </section>
  );
}
