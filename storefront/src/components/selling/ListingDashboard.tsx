import { useStore } from '@nanostores/react';
import type { ListingCard as ListingCardData } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { logFailure } from '../../lib/log-failure';
import { positiveInt } from '../../lib/product-query';
import { dashboardPath } from '../../lib/selling-paths';
import { $session, type Session } from '../../stores/session';
import { Breadcrumbs } from '../Breadcrumbs';
import { ListingCard } from '../ListingCard';
import { useOfferUpdates } from '../offers/use-offer-updates';
import { OrdersSection } from '../orders/OrdersSection';
import { Pagination } from '../Pagination';
import { PerPageSelect } from '../PerPageSelect';
import { Spinner } from '../Spinner';
import { DashboardTabs } from './DashboardTabs';
import '../../styles/selling.css';
import '../../styles/product-list.css';

const DEFAULT_SIZE = 10;

export interface DashboardQuery<F extends string> {
  filter: F;
  page: number;
  size: number;
}

type Offer = Parameters<Parameters<typeof useOfferUpdates>[1]>[0];
type Listing = ListingCardData;

/** What one side of My Dashboard lists and how: the selling side, the buying side and My Offers. */
export interface DashboardSide<F extends string, L extends Listing> {
  tab: 'selling' | 'buying' | 'offers';
  /** The filter's URL parameter, its values with their labels, and the one when the URL names none. */
  param: 'sellFilter' | 'buyFilter';
  filters: readonly F[];
  labels: Record<F, string>;
  fallback: F;
  /** Whether the toolbar offers the filter (My Offers lists the open offers only). */
  choosable: boolean;
  /** The orders shown above the listings under the filter, if any. */
  orders: 'selling' | 'buying' | null;
  /** A link beside the title. */
  headAction?: ReactNode;
  loadingLabel: string;
  failure: string;
  listLabel: string;
  fetch(query: DashboardQuery<F>, session: Session): Promise<{ listings: L[]; totalElements: number }>;
  /** The live offer events that change this list. */
  concerns(offer: Offer, session: Session | null): boolean;
  /** What each card shows below its listing; `replace` puts a changed listing in its place. */
  actions(listing: L, replace: (updated: L) => void): ReactNode;
}

type Load<L> = { status: 'loading' } | { status: 'error' } | { status: 'done'; listings: L[]; total: number };

function readQuery<F extends string>(search: string, side: DashboardSide<F, Listing>): DashboardQuery<F> {
  const params = new URLSearchParams(search);
  const filter = params.get(side.param);
  return {
    filter:
      side.choosable && (side.filters as readonly string[]).includes(filter ?? '') ? (filter as F) : side.fallback,
    page: positiveInt(params.get('page'), 1, 10_000),
    size: positiveInt(params.get('size'), DEFAULT_SIZE, 100),
  };
}

/**
 * One side of My Dashboard: the person's orders under the filter, then their listings by filter,
 * page and size in the URL, kept current live as offers come and go.
 */
export function ListingDashboard<F extends string, L extends Listing>({ side }: { side: DashboardSide<F, L> }) {
  const session = useStore($session);
  const [query, setQuery] = useState<DashboardQuery<F> | null>(null);
  const [load, setLoad] = useState<Load<L>>({ status: 'loading' });
  // The orders above the list: 'No listings to display' only when there are none of those either.
  const [orderCount, setOrderCount] = useState<number | null>(null);

  useEffect(() => {
    void requireSignedIn().then((signedIn) => {
      if (signedIn) setQuery(readQuery(window.location.search, side));
    });
    const sync = () => setQuery(readQuery(window.location.search, side));
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [side]);

  const fetchPage = useCallback(
    async (quietly = false) => {
      if (!query || !session) return;
      if (!quietly) setLoad({ status: 'loading' });
      try {
        const page = await side.fetch(query, session);
        setLoad({ status: 'done', listings: page.listings, total: page.totalElements });
      } catch (cause) {
        logFailure(side.failure, cause);
        setLoad({ status: 'error' });
      }
    },
    [query, session, side],
  );

  useEffect(() => {
    void fetchPage();
  }, [fetchPage]);

  useOfferUpdates(
    () => fetchPage(true),
    (offer) => side.concerns(offer, session),
  );

  const pathOf = (next: DashboardQuery<F>) =>
    dashboardPath(side.tab, { [side.param]: next.filter, page: next.page, size: next.size });

  function go(next: DashboardQuery<F>) {
    window.history.pushState(null, '', pathOf(next));
    window.scrollTo({ top: 0 });
    setQuery(next);
  }

  function replace(updated: L) {
    setLoad((now) =>
      now.status === 'done'
        ? { ...now, listings: now.listings.map((l) => (l.listingRefnum === updated.listingRefnum ? updated : l)) }
        : now,
    );
  }

  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'My Dashboard' }]} />
      <div className="dashboard__head">
        <h1 id="dashboard-title">My Dashboard</h1>
        {side.headAction}
      </div>
      <DashboardTabs current={side.tab} />
      {query && (
        <div className="toolbar">
          {side.choosable && (
            <label>
              Show{' '}
              <select
                value={query.filter}
                onChange={(event) => go({ ...query, filter: event.target.value as F, page: 1 })}
              >
                {side.filters.map((filter) => (
                  <option key={filter} value={filter}>
                    {side.labels[filter]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <PerPageSelect size={query.size} onChange={(size) => go({ ...query, size, page: 1 })} />
        </div>
      )}
      {query && side.orders && <OrdersSection side={side.orders} filter={query.filter} onCount={setOrderCount} />}
      {load.status === 'loading' && <Spinner label={side.loadingLabel} />}
      {load.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.status === 'done' && load.listings.length === 0 && (side.orders === null || orderCount === 0) && (
        <p className="state-message">{listingListMessages.noListings}</p>
      )}
      {load.status === 'done' && load.listings.length > 0 && query && (
        <>
          {/* The cards' titles are h3: their list needs its h2. */}
          <h2 className="visually-hidden">{side.labels[query.filter]}</h2>
          <ul className="listing-grid" aria-label={side.listLabel}>
            {load.listings.map((listing) => (
              <li key={listing.listingRefnum}>
                <ListingCard listing={listing}>{side.actions(listing, replace)}</ListingCard>
              </li>
            ))}
          </ul>
          <Pagination
            page={query.page}
            totalPages={Math.ceil(load.total / query.size)}
            hrefFor={(page) => pathOf({ ...query, page })}
            onChange={(page) => go({ ...query, page })}
          />
        </>
      )}
    </section>
  );
}
