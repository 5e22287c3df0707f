import { useStore } from '@nanostores/react';
import { ApiError } from '@yardly/shared/client';
import { listingListMessages } from '@yardly/shared/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { logFailure } from '../../lib/log-failure';
import { useHydrated } from '../../lib/use-hydrated';
import { openAuthDialog } from '../../stores/auth-dialog';
import { $location } from '../../stores/location';
import { openLocationDialog } from '../../stores/location-dialog';
import { countGuestSearch, SEARCH_PROMPT_NOTICE } from '../../stores/search-counter';
import { $session, $sessionKnown } from '../../stores/session';
import { Breadcrumbs } from '../Breadcrumbs';
import type { CardVariant } from '../CardFrame';
import { Pagination } from '../Pagination';
import { PerPageSelect } from '../PerPageSelect';
import { Spinner } from '../Spinner';
import { ViewToggle } from '../ViewToggle';
import { RentalCollection } from './RentalCard';
import { RentalFilters } from './RentalFilters';
import type { RentalListStart } from './rental-data';
import { RENTALS_HOME } from './rental-paths';
import {
  RENTAL_PAGE_SIZES,
  type RentalListQuery,
  type RentalSearchResult,
  type RentalSort,
  readRentalQuery,
  rentalSearchBody,
  rentalsListPath,
  searchIdentity,
} from './rental-query';
import '../../styles/search.css';
import '../../styles/product-list.css';
import { SaveSearchButton } from '../saved-searches/SaveSearchButton';
import { FiltersDrawer } from '../search/FiltersDrawer';

/** A saved rental search's filters: the search's own, without its page and size (issue 37). */
function savedRentalFilters(query: RentalListQuery, zip: string) {
  const { page: _page, size: _size, ...filters } = rentalSearchBody(query, zip);
  return filters;
}

type Load =
  | { status: 'loading' }
  | { status: 'no-place' }
  | { status: 'error'; message: string }
  | { status: 'done'; result: RentalSearchResult };

const SORT_LABELS: Record<RentalSort, string> = {
  newest: 'Newest first',
  rentAsc: 'Rent: low to high',
  rentDesc: 'Rent: high to low',
  distance: 'Nearest first',
};

function startLoad(start: RentalListStart): Load {
  if (start.result) return { status: 'done', result: start.result };
  if (start.failed) return { status: 'error', message: listingListMessages.searchError };
  return { status: 'no-place' };
}

/**
 * /rentalslist: available places near a zip (the address's, else the visitor's location), every
 * filter in the URL so a search can be shared and reloaded, facets, grid or list, paged. The
 * server renders the first page; the island fetches again when the query or the place changes.
 */
export function RentalSearchPage({ start }: { start: RentalListStart }) {
  const [query, setQuery] = useState<RentalListQuery>(start.query);
  const [load, setLoad] = useState<Load>(() => startLoad(start));
  const [view, setView] = useState<CardVariant>('grid');
  const storedPlace = useStore($location);
  const place = useHydrated() ? storedPlace : start.place;
  const zip = query.zip ?? place?.zip ?? null;
  const shown = useRef(JSON.stringify([start.query, start.query.zip ?? start.place?.zip ?? null]));
  const session = useStore($session);
  const sessionKnown = useStore($sessionKnown);

  useEffect(() => {
    const sync = () => setQuery(readRentalQuery(window.location.search));
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  useEffect(() => {
    const key = JSON.stringify([query, zip]);
    if (key === shown.current) return;
    shown.current = key;
    if (!zip) {
      setLoad({ status: 'no-place' });
      return;
    }
    let current = true;
    setLoad({ status: 'loading' });
    import('../../lib/api')
      .then(({ browserApi }) => browserApi.rentals.search(rentalSearchBody(query, zip)))
      .then(
        (result) => current && setLoad({ status: 'done', result }),
        (cause: unknown) => {
          logFailure('Could not search the rentals', cause);
          if (!current) return;
          // A zip the api does not know says so (its message); anything else is the list's error.
          const message =
            cause instanceof ApiError && cause.status === 400 ? cause.message : listingListMessages.searchError;
          setLoad({ status: 'error', message });
        },
      );
    return () => {
      current = false;
    };
  }, [query, zip]);

  // A guest's fifth search within the window asks them to log in (page turns do not count).
  const searchKey = zip ? searchIdentity(query, zip) : null;
  useEffect(() => {
    if (!searchKey || !sessionKnown || session) return;
    if (countGuestSearch('rentals')) openAuthDialog({ name: 'login', notice: SEARCH_PROMPT_NOTICE });
  }, [searchKey, sessionKnown, session]);

  const navigate = useCallback((next: RentalListQuery) => {
    window.history.pushState(null, '', rentalsListPath(next));
    setQuery(readRentalQuery(window.location.search));
    window.scrollTo({ top: 0 });
  }, []);
  // Any filter change starts again at page 1.
  const refine = (change: Partial<RentalListQuery>) => navigate({ ...query, ...change, page: 1 });
  const result = load.status === 'done' ? load.result : null;
  const total = result?.totalElements ?? null;

  return (
    <div className="container">
      <Breadcrumbs crumbs={[{ label: 'Home', href: RENTALS_HOME }, { label: 'Rentals' }]} />
      <h1>{query.text ? `Rentals matching "${query.text}"` : 'Places for rent'}</h1>
      <p className="search-place">
        {zip ? `Within ${query.d} miles of ${zip}` : 'Choose Your location or enter a zip code to search near you'}
      </p>
      {zip && (
        <SaveSearchButton
          kind="rental"
          filters={savedRentalFilters(query, zip)}
          suggestedName={`${query.text || 'Places'} near ${zip}`}
        />
      )}
      <div className="search-layout">
        <FiltersDrawer>
          <RentalFilters query={query} zip={zip} facets={result?.facetFields ?? null} onChange={refine} />
        </FiltersDrawer>
        <div className="search-layout__results">
          {/* The cards' headings (h3) come under it: on a phone the filters and their headings are in the drawer. */}
          <h2 className="visually-hidden">Results</h2>
          <div className="toolbar">
            <p className="toolbar__count" aria-live="polite">
              {total === null ? '\u00a0' : total === 1 ? '1 place' : `${total.toLocaleString('en-US')} places`}
            </p>
            <div className="toolbar__controls">
              <label>
                Sort by{' '}
                <select value={query.sortBy} onChange={(event) => refine({ sortBy: event.target.value as RentalSort })}>
                  {Object.entries(SORT_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <PerPageSelect
                sizes={[...new Set([...RENTAL_PAGE_SIZES, query.size])]}
                size={query.size}
                onChange={(size) => refine({ size })}
              />
              <ViewToggle value={view} onChange={setView} />
            </div>
          </div>
          <Results load={load} view={view} />
          {result && (
            <Pagination
              page={query.page}
              totalPages={Math.ceil(result.totalElements / query.size)}
              hrefFor={(page) => rentalsListPath({ ...query, page })}
              onChange={(page) => navigate({ ...query, page })}
            />
          )}
        </div>
      </div>
    </div>
  );
}

function Results({ load, view }: { load: Load; view: CardVariant }) {
  if (load.status === 'loading') return <Spinner label="Loading places" />;
  if (load.status === 'no-place') {
    return (
      <p className="state-message">
        Enter a zip code, or{' '}
        <button type="button" className="link-button" onClick={() => openLocationDialog()}>
          choose Your location
        </button>
        .
      </p>
    );
  }
  if (load.status === 'error') {
    return (
      <p className="state-message state-message--error" role="alert">
        {load.message}
      </p>
    );
  }
  if (load.result.docs.length === 0) return <p className="state-message">{listingListMessages.noResults}</p>;
  return <RentalCollection rentals={load.result.docs} layout={view} label="Places for rent" />;
}
