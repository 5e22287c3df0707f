import { useStore } from '@nanostores/react';
import { BUY_FILTERS, type BuyerListing, type BuyFilter } from '@yardly/shared/contract';
import { formatCents, listingListMessages } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { checkoutPath } from '../../lib/checkout-paths';
import { conversationWithSellerPath } from '../../lib/message-paths';
import { offerThreadPath } from '../../lib/offer-paths';
import { positiveInt } from '../../lib/product-query';
import { dashboardPath } from '../../lib/selling-paths';
import { $session } from '../../stores/session';
import { Breadcrumbs } from '../Breadcrumbs';
import { ListingCard } from '../ListingCard';
import { OrdersSection } from '../orders/OrdersSection';
import { Pagination } from '../Pagination';
import { PerPageSelect } from '../PerPageSelect';
import { Spinner } from '../Spinner';
import { DashboardTabs } from '../selling/DashboardTabs';
import { offerPayable, offerStateLabel, PAY_NOW_LABEL } from './offer-view';
import { useOfferUpdates } from './use-offer-updates';
import '../../styles/selling.css';
import '../../styles/product-list.css';
import '../../styles/offers.css';
import { logFailure } from '../../lib/log-failure';

const FILTER_LABELS: Record<BuyFilter, string> = {
  OPEN_OFFFERS: 'Open offers',
  IN_PROGRESS: 'In progress',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  RETURNED: 'Returned',
};
const DEFAULT_SIZE = 10;

interface BuyingQuery {
  buyFilter: BuyFilter;
  page: number;
  size: number;
}

function readQuery(search: string, tab: 'buying' | 'offers'): BuyingQuery {
  const params = new URLSearchParams(search);
  const filter = params.get('buyFilter');
  return {
    // The offers tab lists the open offers only.
    buyFilter:
      tab === 'buying' && (BUY_FILTERS as readonly string[]).includes(filter ?? '')
        ? (filter as BuyFilter)
        : 'OPEN_OFFFERS',
    page: positiveInt(params.get('page'), 1, 10_000),
    size: positiveInt(params.get('size'), DEFAULT_SIZE, 100),
  };
}

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; listings: BuyerListing[]; total: number };

/**
 * My Dashboard's buying side (/myquest/buying, by buy filter) and My Offers (/myquest/offers,
 * the open ones): the buyer's orders under the filter, then the listings they made offers on,
 * each with their latest offer, a link to its thread and 'Pay now' for an accepted one, kept
 * current live. Filter, page and size live in the URL.
 */
export function BuyingDashboard({ tab }: { tab: 'buying' | 'offers' }) {
  const session = useStore($session);
  const [query, setQuery] = useState<BuyingQuery | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // The orders above the list: 'No listings to display' only when there are none of those either.
  const [orderCount, setOrderCount] = useState<number | null>(null);

  useEffect(() => {
    void requireSignedIn().then((signedIn) => {
      if (signedIn) setQuery(readQuery(window.location.search, tab));
    });
    const sync = () => setQuery(readQuery(window.location.search, tab));
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [tab]);

  const fetchPage = useCallback(
    async (quietly = false) => {
      if (!query || !session) return;
      if (!quietly) setLoad({ status: 'loading' });
      try {
        const page = await browserApi.offers.byBuyer({
          buyFilter: query.buyFilter,
          page: query.page - 1,
          size: query.size,
        });
        setLoad({ status: 'done', listings: page.listings, total: page.totalElements });
      } catch (cause) {
        logFailure('Could not load your offers', cause);
        setLoad({ status: 'error' });
      }
    },
    [query, session],
  );

  useEffect(() => {
    void fetchPage();
  }, [fetchPage]);

  // A seller's answer to one of the buyer's offers, or its expiry, shows without a reload.
  useOfferUpdates(
    () => fetchPage(true),
    (offer) => offer.buyerRefnum === session?.userRefnum,
  );

  function go(next: BuyingQuery) {
    window.history.pushState(null, '', dashboardPath(tab, next));
    window.scrollTo({ top: 0 });
    setQuery(next);
  }

  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'My Dashboard' }]} />
      <div className="dashboard__head">
        <h1 id="dashboard-title">My Dashboard</h1>
      </div>
      <DashboardTabs current={tab} />
      {query && (
        <div className="toolbar">
          {tab === 'buying' && (
            <label>
              Show{' '}
              <select
                value={query.buyFilter}
                onChange={(event) => go({ ...query, buyFilter: event.target.value as BuyFilter, page: 1 })}
              >
                {BUY_FILTERS.map((filter) => (
                  <option key={filter} value={filter}>
                    {FILTER_LABELS[filter]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <PerPageSelect size={query.size} onChange={(size) => go({ ...query, size, page: 1 })} />
        </div>
      )}
      {query && tab === 'buying' && <OrdersSection side="buying" filter={query.buyFilter} onCount={setOrderCount} />}
      {load.status === 'loading' && <Spinner label="Loading your offers" />}
      {load.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.status === 'done' && load.listings.length === 0 && (tab === 'offers' || orderCount === 0) && (
        <p className="state-message">{listingListMessages.noListings}</p>
      )}
      {load.status === 'done' && load.listings.length > 0 && query && (
        <>
          {/* The cards' titles are h3: their list needs its h2. */}
          <h2 className="visually-hidden">{FILTER_LABELS[query.buyFilter]}</h2>
          <ul className="listing-grid" aria-label="Your offers">
            {load.listings.map((listing) => (
              <li key={listing.listingRefnum}>
                <ListingCard listing={listing}>
                  <div className="offer-summary">
                    <p className="offer__line">
                      <span>Latest offer</span> <strong>{formatCents(listing.offerPrice)}</strong>
                      <span className={`offer__state offer__state--${listing.offerStatus}`}>
                        {offerStateLabel(listing.offerStatus)}
                      </span>
                    </p>
                    {offerPayable(listing) && (
                      <a
                        className="button button--small"
                        href={checkoutPath({ itemRefnum: listing.listingRefnum, offerRefnum: listing.offerRefnum })}
                        aria-label={`${PAY_NOW_LABEL} for ${listing.listingTitle}`}
                      >
                        {PAY_NOW_LABEL}
                      </a>
                    )}
                    <a
                      className="button button--small button--secondary"
                      href={offerThreadPath(listing.threadKey)}
                      aria-label={`View Offer on ${listing.listingTitle}`}
                    >
                      View Offer
                    </a>
                    <a
                      className="button button--small button--secondary"
                      href={conversationWithSellerPath(listing.listingRefnum, listing.sellerRefnum)}
                      aria-label={`View Messages about ${listing.listingTitle}`}
                    >
                      View Messages
                    </a>
                  </div>
                </ListingCard>
              </li>
            ))}
          </ul>
          <Pagination
            page={query.page}
            totalPages={Math.ceil(load.total / query.size)}
            hrefFor={(page) => dashboardPath(tab, { ...query, page })}
            onChange={(page) => go({ ...query, page })}
          />
        </>
      )}
    </section>
  );
}
