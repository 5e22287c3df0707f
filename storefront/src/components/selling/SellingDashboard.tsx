import { useStore } from '@nanostores/react';
import { SELL_FILTERS, type SellerListing, type SellFilter } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { positiveInt } from '../../lib/product-query';
import { createListingPath, dashboardPath } from '../../lib/selling-paths';
import { $session } from '../../stores/session';
import { Breadcrumbs } from '../Breadcrumbs';
import { ListingCard } from '../ListingCard';
import { useOfferUpdates } from '../offers/use-offer-updates';
import { OrdersSection } from '../orders/OrdersSection';
import { Pagination } from '../Pagination';
import { PerPageSelect } from '../PerPageSelect';
import { Spinner } from '../Spinner';
import { DashboardTabs } from './DashboardTabs';
import { SellerActions } from './SellerActions';
import '../../styles/selling.css';
import '../../styles/product-list.css';
import { logFailure } from '../../lib/log-failure';

const FILTER_LABELS: Record<SellFilter, string> = {
  ALL: 'All',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
  ACTIVE_AND_TO_BE_SHIPPED: 'Active and to be shipped',
  SOLD_AND_DELIVERED: 'Sold and delivered',
  RETURNED: 'Returned',
};
const DEFAULT_SIZE = 10;

interface DashboardQuery {
  sellFilter: SellFilter;
  page: number;
  size: number;
}

function readQuery(search: string): DashboardQuery {
  const params = new URLSearchParams(search);
  const filter = params.get('sellFilter');
  return {
    sellFilter: (SELL_FILTERS as readonly string[]).includes(filter ?? '') ? (filter as SellFilter) : 'ALL',
    page: positiveInt(params.get('page'), 1, 10_000),
    size: positiveInt(params.get('size'), DEFAULT_SIZE, 100),
  };
}

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; listings: SellerListing[]; total: number };

/**
 * My Dashboard (/myquest, /myquest/selling): the seller's sales under the sell filter (to cancel,
 * or to confirm a pickup), then their listings by sell filter, page and size in the URL; their
 * offer counts kept current live.
 */
export function SellingDashboard() {
  const session = useStore($session);
  const [query, setQuery] = useState<DashboardQuery | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // The orders above the list: 'No listings to display' only when there are none of those either.
  const [orderCount, setOrderCount] = useState<number | null>(null);

  useEffect(() => {
    void requireSignedIn().then((signedIn) => {
      if (!signedIn) return;
      setQuery(readQuery(window.location.search));
    });
    const sync = () => setQuery(readQuery(window.location.search));
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  const fetchPage = useCallback(
    async (quietly = false) => {
      if (!query || !session) return;
      if (!quietly) setLoad({ status: 'loading' });
      try {
        const page = await browserApi.listings.bySeller({
          sellerRefnum: session.userRefnum,
          sellFilter: query.sellFilter,
          page: query.page - 1,
          size: query.size,
          orderBy: 14,
          asc: 'false',
        });
        setLoad({ status: 'done', listings: page.listings, total: page.totalElements });
      } catch (cause) {
        logFailure('Could not load your listings', cause);
        setLoad({ status: 'error' });
      }
    },
    [query, session],
  );

  useEffect(() => {
    void fetchPage();
  }, [fetchPage]);

  // 'View Offers (n)' counts a buyer's new offer, or one expiring, without a reload.
  useOfferUpdates(
    () => fetchPage(true),
    (offer) => offer.sellerRefnum === session?.userRefnum,
  );

  function go(next: DashboardQuery) {
    window.history.pushState(null, '', dashboardPath('selling', next));
    window.scrollTo({ top: 0 });
    setQuery(next);
  }

  function replaceListing(updated: SellerListing) {
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
        <a className="button" href={createListingPath()}>
          Sell an item
        </a>
      </div>
      <DashboardTabs current="selling" />
      {query && (
        <div className="toolbar">
          <label>
            Show{' '}
            <select
              value={query.sellFilter}
              onChange={(event) => go({ ...query, sellFilter: event.target.value as SellFilter, page: 1 })}
            >
              {SELL_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {FILTER_LABELS[filter]}
                </option>
              ))}
            </select>
          </label>
          <PerPageSelect size={query.size} onChange={(size) => go({ ...query, size, page: 1 })} />
        </div>
      )}
      {query && <OrdersSection side="selling" filter={query.sellFilter} onCount={setOrderCount} />}
      {load.status === 'loading' && <Spinner label="Loading your listings" />}
      {load.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.status === 'done' && load.listings.length === 0 && orderCount === 0 && (
        <p className="state-message">{listingListMessages.noListings}</p>
      )}
      {load.status === 'done' && load.listings.length > 0 && query && (
        <>
          {/* The cards' titles are h3: their list needs its h2. */}
          <h2 className="visually-hidden">{FILTER_LABELS[query.sellFilter]}</h2>
          <ul className="listing-grid" aria-label="Your listings">
            {load.listings.map((listing) => (
              <li key={listing.listingRefnum}>
                <ListingCard listing={listing}>
                  <SellerActions listing={listing} onChanged={replaceListing} />
                </ListingCard>
              </li>
            ))}
          </ul>
          <Pagination
            page={query.page}
            totalPages={Math.ceil(load.total / query.size)}
            hrefFor={(page) => dashboardPath('selling', { ...query, page })}
            onChange={(page) => go({ ...query, page })}
          />
        </>
      )}
    </section>
  );
}
