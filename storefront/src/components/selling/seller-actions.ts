import type { SellerListing } from '@yardly/shared/contract';

export type SellerAction = 'markSold' | 'deactivate' | 'activate' | 'relist' | 'delete';

function hasEnded(listingEnd: string | null, now: number): boolean {
  return listingEnd !== null && new Date(listingEnd).getTime() <= now;
}

/**
 * What a seller may do with a listing in its state, as the api allows it (spec section 4):
 * the same answers the api gives, so no button leads to a refusal.
 */
export function sellerActionsFor(
  listing: Pick<SellerListing, 'listingStatus' | 'saleType' | 'listingDeleted' | 'listingEnd' | 'editLocked'>,
  now = Date.now(),
): { actions: SellerAction[]; canEdit: boolean; status: string | null } {
  if (listing.listingDeleted) return { actions: [], canEdit: false, status: null };
  if (listing.listingStatus === 'draft') return { actions: ['delete'], canEdit: true, status: 'Draft' };
  const sold = listing.saleType !== 0;
  const ended = hasEnded(listing.listingEnd, now);
  const actions: SellerAction[] = [];
  if (!sold && !ended && listing.listingStatus === 'active') actions.push('markSold', 'deactivate');
  if (!sold && listing.listingStatus === 'inactive') actions.push('activate');
  if (sold || ended || listing.listingStatus === 'inactive') actions.push('relist');
  actions.push('delete');
  const status = listing.listingStatus === 'inactive' ? 'Deactivated' : null;
  return { actions, canEdit: !listing.editLocked, status };
}
