import { ApiError } from '@yardly/shared/client';
import { isRefnum, type ListingDetail } from '@yardly/shared/contract';
import { serverApi } from './api';

export type ItemLoad = { kind: 'found'; listing: ListingDetail } | { kind: 'missing' } | { kind: 'error' };

/**
 * An item for its details page. Anything that is not a refnum, and a refnum the api does not
 * know (`itemAvailable: false`), is missing: the page answers 404 like any unknown path.
 */
export async function loadItem(refnum: string | null | undefined): Promise<ItemLoad> {
  if (!refnum || !isRefnum(refnum)) return { kind: 'missing' };
  try {
    const answer = await serverApi().listings.detail({ listingRefnum: refnum });
    return answer.itemAvailable && answer.listing ? { kind: 'found', listing: answer.listing } : { kind: 'missing' };
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 404) return { kind: 'missing' };
    console.error(`storefront: could not load item ${refnum}:`, cause);
    return { kind: 'error' };
  }
}
