import { and, type SQL } from 'drizzle-orm';
import { inMarketplace, type Marketplace, PUBLIC_MARKETPLACE } from '../organisation-marketplace/visibility';
import { visibleListing } from './visibility';

/**
 * A listing a list shows: live, not past its end at `now` (the clock's), and in `marketplace` (by
 * default the public one, where no organisation's listing ever appears).
 */
export function liveListing(now: Date, marketplace: Marketplace = PUBLIC_MARKETPLACE): SQL {
  return and(visibleListing('listed', 'public', now), inMarketplace(marketplace)) as SQL;
}
