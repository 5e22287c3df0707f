import { useStore } from '@nanostores/react';
import { listingListMessages, PAGE_SIZES } from '@yardly/shared/rules';
import type { ReadableAtom } from 'nanostores';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { positiveInt } from '../../lib/product-query';
import { stayLoading, useLoaded } from '../../lib/use-loaded';
import { Breadcrumbs } from '../Breadcrumbs';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';

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
  const changes = useStore($changes);
  const seenChanges = useRef(changes);

  const pathFor = useCallback((target: number) => (target > 1 ? `${path}?page=${target}` : path), [path]);

  useEffect(() => {
    void requireSignedIn(home).then((session) => {
      if (session) setPage(positiveInt(new URLSearchParams(window.location.search).get('page'), 1, 10_000));
    });
  }, [home]);

  // After a heart changes, back to page 1: the changes count asks for a fresh read of it. A
  // caller's inline `list` is read at the time, so it does not refetch on every render.
  useEffect(() => {
    if (changes === seenChanges.current) return;
    seenChanges.current = changes;
    window.history.replaceState(null, '', pathFor(1));
    setPage(1);
  }, [changes, pathFor]);

  const load = useLoaded<Awaited<ReturnType<typeof list>>>(
    () => (page === null ? stayLoading() : list({ page: page - 1, size: PAGE_SIZES.favourites })),
    [page, changes],
    { failure: `Could not load ${logNoun}` },
  );

  return (
    <section aria-labelledby={titleId}>
      <Breadcrumbs crumbs={[{ label: 'Home', href: home }, { label: 'My Favorites' }]} />
      <h1 id={titleId}>My Favorites</h1>
      {load.state === 'loading' && <Spinner label={spinnerLabel} />}
      {load.state === 'failed' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.state === 'ready' && load.data.data.length === 0 && (
        <p className="state-message">{listingListMessages.noResults}</p>
      )}
      {load.state === 'ready' && load.data.data.length > 0 && page !== null && (
        <>
          {renderCards(load.data.data)}
          <Pagination
            page={page}
            totalPages={load.data.totalPages}
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
