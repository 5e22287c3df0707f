import { BUY_FILTERS, type BuyerListing, type BuyFilter } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';
import { browserApi } from '../../lib/api';
import { checkoutPath } from '../../lib/checkout-paths';
import { conversationWithSellerPath } from '../../lib/message-paths';
import { offerThreadPath } from '../../lib/offer-paths';
import { type DashboardSide, ListingDashboard } from '../selling/ListingDashboard';
import { offerPayable, offerStateLabel, PAY_NOW_LABEL } from './offer-view';
import '../../styles/offers.css';

type BuyingSide = DashboardSide<BuyFilter, BuyerListing>;

const BUYING: Omit<BuyingSide, 'tab' | 'choosable' | 'orders'> = {
  param: 'buyFilter',
  filters: BUY_FILTERS,
  labels: {
    OPEN_OFFFERS: 'Open offers',
    IN_PROGRESS: 'In progress',
    DELIVERED: 'Delivered',
    CANCELLED: 'Cancelled',
    RETURNED: 'Returned',
  },
  fallback: 'OPEN_OFFFERS',
  loadingLabel: 'Loading your offers',
  failure: 'Could not load your offers',
  listLabel: 'Your offers',
  fetch: (query) => browserApi.offers.byBuyer({ buyFilter: query.filter, page: query.page - 1, size: query.size }),
  // A seller's answer to one of the buyer's offers, or its expiry, shows without a reload.
  concerns: (offer, session) => offer.buyerRefnum === session?.userRefnum,
  actions: (listing) => <LatestOffer listing={listing} />,
};

// The offers tab lists the open offers only, without the orders.
const SIDES: Record<'buying' | 'offers', BuyingSide> = {
  buying: { ...BUYING, tab: 'buying', choosable: true, orders: 'buying' },
  offers: { ...BUYING, tab: 'offers', choosable: false, orders: null },
};

function LatestOffer({ listing }: { listing: BuyerListing }) {
  return (
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
  );
}

/**
 * My Dashboard's buying side (/myquest/buying, by buy filter) and My Offers (/myquest/offers,
 * the open ones): the buyer's orders under the filter, then the listings they made offers on,
 * each with their latest offer, a link to its thread and 'Pay now' for an accepted one, kept
 * current live. Filter, page and size live in the URL.
 */
export function BuyingDashboard({ tab }: { tab: 'buying' | 'offers' }) {
  return <ListingDashboard side={SIDES[tab]} />;
}
