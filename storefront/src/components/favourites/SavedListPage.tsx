import { useStore } from '@nanostores/react';
import { listingListMessages, PAGE_SIZES } from '@yardly/shared/rules';
import type { ReadableAtom } from 'nanostores';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { logFailure } from '../../lib/log-failure';
import { positiveInt } from '../../lib/product-query';
import { Breadcrumbs } from '../Breadcrumbs';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';

type Load<Card> = { status: 'loading' } | { status: 'error' } | { status: 'done'; cards: Card[]; totalPages: number };

interface SavedListPageProps<Card> {
  /** The page's own path; `?page=N` is added past the first page. */
  path: string;
  /** The section's home: the first crumb, and where a signed-out person is sent. */
  home: string;
  /** Counts the hearts changed anywhere, so the list goes back to page 1 after one. */
  changes: ReadableAtom<number>;
  /** Loads one page (0-based, as the api counts). */
  list: (query: { page: number; size: number }) => Promise<{ data: Card[]; totalPages: number }>;
  titleId: string;
  spinnerLabel: string;
  /** The noun in the logged cause: "favourites", "the saved places". */
  logNoun: string;
  renderCards: (cards: Card[]) => ReactNode;
}

/**
 * A signed-in person's saved list, newest first, paged (size from PAGE_SIZES.favourites); after a
 * heart changes, back to page 1 (spec section 4). Serves /favorites and /rentalsfav.
 */
export function SavedListPage<Card>({
  path,
  home,
  changes: $changes,
  list,
  titleId,
  spinnerLabel,
  logNoun,
  renderCards,
}: SavedListPageProps<Card>) {
  const [page, setPage] = useState<number | null>(null);
  const [load, setLoad] = useState<Load<Card>>({ status: 'loading' });
  const changes = useStore($changes);
  const seenChanges = useRef(changes);
  // The latest props, so a caller's inline functions do not refetch on every render.
  const latest = useRef({ list, logNoun });
  latest.current = { list, logNoun };

  const pathFor = useCallback((target: number) => (target > 1 ? `${path}?page=${target}` : path), [path]);

  useEffect(() => {
    void requireSignedIn(home).then((session) => {
      if (session) setPage(positiveInt(new URLSearchParams(window.location.search).get('page'), 1, 10_000));
    });
  }, [home]);

  const fetchPage = useCallback(async (target: number) => {
    setLoad({ status: 'loading' });
    try {
      const answer = await latest.current.list({ page: target - 1, size: PAGE_SIZES.favourites });
      setLoad({ status: 'done', cards: answer.data, totalPages: answer.totalPages });
    } catch (cause) {
      logFailure(`Could not load ${latest.current.logNoun}`, cause);
      setLoad({ status: 'error' });
    }
  }, []);

  useEffect(() => {
    if (changes === seenChanges.current) return;
    seenChanges.current = changes;
    window.history.replaceState(null, '', pathFor(1));
    setPage(1);
    void fetchPage(1);
  }, [changes, fetchPage, pathFor]);

  useEffect(() => {
    if (page !== null) void fetchPage(page);
  }, [page, fetchPage]);

  return (
    <section aria-labelledby={titleId}>
      <Breadcrumbs crumbs={[{ label: 'Home', href: home }, { label: 'My Favorites' }]} />
      <h1 id={titleId}>My Favorites</h1>
      {load.status === 'loading' && <Spinner label={spinnerLabel} />}
      {load.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.status === 'done' && load.cards.length === 0 && (
        <p className="state-message">{listingListMessages.noResults}</p>
      )}
      {load.status === 'done' && load.cards.length > 0 && page !== null && (
        <>
          {renderCards(load.cards)}
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
