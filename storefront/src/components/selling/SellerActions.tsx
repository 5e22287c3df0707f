import type { SellerListing } from '@yardly/shared/contract';
import { listingActionMessages } from '@yardly/shared/rules';
import { browserApi } from '../../lib/api';
import { listingConversationsPath } from '../../lib/message-paths';
import { listingOffersPath } from '../../lib/offer-paths';
import { createListingPath } from '../../lib/selling-paths';
import { ProcessActions } from '../ProcessActions';
import { actionLabel, type SellerAction, sellerActionsFor } from './seller-actions';

interface SellerActionsProps {
  listing: SellerListing;
  /** The listing as the api answered after an action. */
  onChanged?: (listing: SellerListing) => void;
}

const DONE: Record<SellerAction, string> = {
  markSold: listingActionMessages.markedSold,
  markDonated: listingActionMessages.markedDonated,
  deactivate: listingActionMessages.deactivated,
  activate: listingActionMessages.activated,
  relist: listingActionMessages.relisted,
  delete: listingActionMessages.deletedDone,
};

function run(action: SellerAction, listingRefnum: string): Promise<SellerListing> {
  switch (action) {
    case 'markSold':
    case 'markDonated':
      return browserApi.listings.markSold({ listingRefnum });
    case 'deactivate':
    case 'activate':
      return browserApi.listings.toggleActive({ listingRefnum });
    case 'relist':
      return browserApi.listings.relist({ listingRefnum });
    case 'delete':
      return browserApi.listings.remove({ listingRefnum });
  }
}

/** The seller's controls for one listing, each with its loading, error and success. */
export function SellerActions({ listing, onChanged }: SellerActionsProps) {
  const { actions, canEdit, status } = sellerActionsFor(listing);
  return (
    <ProcessActions
      title={listing.listingTitle}
      status={status}
      actions={actions}
      label={actionLabel}
      done={DONE}
      run={(action) => run(action, listing.listingRefnum)}
      onChanged={onChanged}
      deleteAudience="Buyers"
      logNoun="a listing"
      links={
        <>
          {/* Also at (0): answered and expired offers stay readable on the listing's offers page. */}
          <a className="button button--small button--secondary" href={listingOffersPath(listing.listingRefnum)}>
            View Offers ({listing.offerCount})
          </a>
          <a
            className="button button--small button--secondary"
            href={listingConversationsPath(listing.listingRefnum)}
            aria-label={`View Messages about ${listing.listingTitle}`}
          >
            View Messages
          </a>
          {canEdit && (
            <a className="button button--small button--secondary" href={createListingPath(listing.listingRefnum)}>
              {listing.listingState === 'draft' ? 'Finish and publish' : 'Edit'}
            </a>
          )}
        </>
      }
    />
  );
}
