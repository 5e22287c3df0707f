/** The selling pages' addresses: the form (new or editing), My Dashboard's tabs, favourites. */

export function createListingPath(listingRefnum?: string): string {
  return listingRefnum ? `/creatinglist?listingRefnum=${encodeURIComponent(listingRefnum)}` : '/creatinglist';
}

export interface DashboardQuery {
  sellFilter?: string;
  /** One-based, as people see it. */
  page?: number;
  size?: number;
}

export function dashboardPath(tab = 'selling', query: DashboardQuery = {}): string {
  const params = new URLSearchParams();
  if (query.sellFilter && query.sellFilter !== 'ALL') params.set('sellFilter', query.sellFilter);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.size) params.set('size', String(query.size));
  const qs = params.toString();
  return `/myquest/${tab}${qs ? `?${qs}` : ''}`;
}

/** A listing's offers (the offers issue builds the page). */
export function listingOffersPath(listingRefnum: string): string {
  return `/myquest/offers?listingRefnum=${encodeURIComponent(listingRefnum)}`;
}

export const FAVOURITES_PATH = '/favorites';
