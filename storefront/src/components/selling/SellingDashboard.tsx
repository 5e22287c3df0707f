import { SELL_FILTERS, type SellerListing, type SellFilter } from '@yardly/shared/contract';
import { browserApi } from '../../lib/api';
import { createListingPath } from '../../lib/selling-paths';
import { type DashboardSide, ListingDashboard } from './ListingDashboard';
import { SellerActions } from './SellerActions';

const SELLING: DashboardSide<SellFilter, SellerListing> = {
  tab: 'selling',
  param: 'sellFilter',
  filters: SELL_FILTERS,
  labels: {
    ALL: 'All',
    EXPIRED: 'Expired',
    CANCELLED: 'Cancelled',
    ACTIVE_AND_TO_BE_SHIPPED: 'Active and to be shipped',
    SOLD_AND_DELIVERED: 'Sold and delivered',
    RETURNED: 'Returned',
  },
  fallback: 'ALL',
  choosable: true,
  orders: 'selling',
  headAction: (
    <a className="button" href={createListingPath()}>
      Sell an item
    </a>
  ),
  loadingLabel: 'Loading your listings',
  failure: 'Could not load your listings',
  listLabel: 'Your listings',
  fetch: (query, session) =>
    browserApi.listings.bySeller({
      sellerRefnum: session.userRefnum,
      sellFilter: query.filter,
      page: query.page - 1,
      size: query.size,
      orderBy: 14,
      asc: 'false',
    }),
  // 'View Offers (n)' counts a buyer's new offer, or one expiring, without a reload.
  concerns: (offer, session) => offer.sellerRefnum === session?.userRefnum,
  actions: (listing, replace) => <SellerActions listing={listing} onChanged={replace} />,
};

/**
 * My Dashboard (/myquest, /myquest/selling): the seller's sales under the sell filter (to cancel,
 * or to confirm a pickup), then their listings by sell filter, page and size in the URL; their
 * offer counts kept current live.
 */
export function SellingDashboard() {
  return <ListingDashboard side={SELLING} />;
}
