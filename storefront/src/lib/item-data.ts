import { ApiError } from '@yardly/shared/client';
import { isRefnum, type ListingDetail } from '@yardly/shared/contract';
import { isSellerNotVerified, isZip } from '@yardly/shared/rules';
import { serverApi } from './api';
import { logFailure } from './log-failure';

/** The item page's load states (spec section 4): not available, seller not verified, error, loaded. */
export type ItemLoad =
  | { kind: 'found'; listing: ListingDetail }
  | { kind: 'missing' }
  | { kind: 'seller-not-verified' }
  | { kind: 'error' };

/**
 * An item for its details page. Anything that is not a refnum, and a refnum the api does not
 * know (`itemAvailable: false`), is missing: the page answers 404 like any unknown path. An
 * item whose seller's company is not verified is not shown (the seller-not-verified state).
 * `viewerZip`: the place the visitor chose ("Your location", kept in the place cookie);
 * `readAfter`: the WAL position of the visitor's last write (READ_AFTER_COOKIE), so a seller sees their own edit.
 */
export async function loadItem(
  refnum: string | null | undefined,
  viewerZip?: string,
  readAfter?: string,
): Promise<ItemLoad> {
  if (!refnum || !isRefnum(refnum)) return { kind: 'missing' };
  try {
    // With the viewer's zip the api measures the item's distance from it (issue 33).
    const zip = viewerZip && isZip(viewerZip) ? viewerZip : undefined;
    const answer = await serverApi({ readAfter }).listings.detail({ listingRefnum: refnum, zip });
    if (!answer.itemAvailable || !answer.listing) return { kind: 'missing' };
    if (isSellerNotVerified(answer.listing.sellerCompanyStatus)) return { kind: 'seller-not-verified' };
    return { kind: 'found', listing: answer.listing };
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 404) return { kind: 'missing' };
    logFailure(`storefront: could not load item ${refnum}:`, cause);
    return { kind: 'error' };
  }
}
