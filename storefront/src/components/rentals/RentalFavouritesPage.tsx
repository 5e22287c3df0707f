import { useStore } from '@nanostores/react';
import type { RentalCard as RentalCardData } from '@yardly/shared/contract';
import { listingListMessages, PAGE_SIZES } from '@yardly/shared/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { positiveInt } from '../../lib/product-query';
import { $rentalFavouriteChanges } from '../../stores/rental-favourites';
import { Breadcrumbs } from '../Breadcrumbs';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';
import { RentalCollection } from './RentalCard';
import { RENTALS_FAVOURITES_PATH, RENTALS_HOME } from './rental-paths';

type Load =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; cards: RentalCardData[]; totalPages: number };

function pathFor(page: number): string {
  return page > 1 ? `${RENTALS_FAVOURITES_PATH}?page=${page}` : RENTALS_FAVOURITES_PATH;
}

/** /rentalsfav: the saved places, newest first; after a heart changes, back to page 1 (as /favorites does). */
export function RentalFavouritesPage() {
  const [page, setPage] = useState<number | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const changes = useStore($rentalFavouriteChanges);
  const seenChanges = useRef(changes);

  useEffect(() => {
    void requireSignedIn(RENTALS_HOME).then((session) => {
      if (session) setPage(positiveInt(new URLSearchParams(window.location.search).get('page'), 1, 10_000));
    });
  }, []);

  const fetchPage = useCallback(async (target: number) => {
    setLoad({ status: 'loading' });
    try {
      const answer = await browserApi.rentalFavourites.list({ page: target - 1, size: PAGE_SIZES.favourites });
      setLoad({ status: 'done', cards: answer.data, totalPages: answer.totalPages });
    } catch (cause) {
      console.error('Could not load the saved places', cause);
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
    <section aria-labelledby="rental-favourites-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: RENTALS_HOME }, { label: 'My Favorites' }]} />
      <h1 id="rental-favourites-title">My Favorites</h1>
      {load.status === 'loading' && <Spinner label="Loading your saved places" />}
      {load.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.status === 'done' && load.cards.length === 0 && (
        <p className="state-message">{listingListMessages.noResults}</p>
      )}
      {load.status === 'done' && load.cards.length > 0 && page !== null && (
        <>
          <h2 className="visually-hidden">Your saved places</h2>
          <RentalCollection rentals={load.cards} label="Your saved places" />
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
