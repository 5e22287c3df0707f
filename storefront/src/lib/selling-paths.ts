/** The selling pages' addresses: the form (new or editing), My Dashboard's tabs, favourites. */

export function createListingPath(listingRefnum?: string): string {
  return listingRefnum ? `/creatinglist?listingRefnum=${encodeURIComponent(listingRefnum)}` : '/creatinglist';
}

export interface DashboardQuery {
  sellFilter?: string;
  /** The buying tab's filter; OPEN_OFFFERS, its default, is left out. */
  buyFilter?: string;
  /** One-based, as people see it. */
  page?: number;
  size?: number;
}

export function dashboardPath(tab = 'selling', query: DashboardQuery = {}): string {
  const params = new URLSearchParams();
  if (query.sellFilter && query.sellFilter !== 'ALL') params.set('sellFilter', query.sellFilter);
  if (query.buyFilter && query.buyFilter !== 'OPEN_OFFFERS') params.set('buyFilter', query.buyFilter);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.size) params.set('size', String(query.size));
  const qs = params.toString();
  return `/myquest/${tab}${qs ? `?${qs}` : ''}`;
}

export const FAVOURITES_PATH = '/favorites';
