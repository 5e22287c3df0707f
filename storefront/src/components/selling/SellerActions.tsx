import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { SellerListing } from '@yardly/shared/contract';
import { listingActionMessages } from '@yardly/shared/rules';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { listingConversationsPath } from '../../lib/message-paths';
import { listingOffersPath } from '../../lib/offer-paths';
import { createListingPath } from '../../lib/selling-paths';
import { showToast } from '../../stores/toast';
import { actionLabel, type SellerAction, sellerActionsFor } from './seller-actions';
import '../../styles/selling.css';

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
  const [working, setWorking] = useState<SellerAction | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { actions, canEdit, status } = sellerActionsFor(listing);

  async function perform(action: SellerAction) {
    setWorking(action);
    setConfirmingDelete(false);
    try {
      const updated = await run(action, listing.listingRefnum);
      showToast(DONE[action], 'success');
      onChanged?.(updated);
    } catch (cause) {
      console.error(`Could not ${action} a listing`, cause);
      showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
    } finally {
      setWorking(null);
    }
  }

  return (
    <section className="seller-actions" aria-label={`Manage ${listing.listingTitle}`}>
      {status && <p className="seller-actions__status">{status}</p>}
      <div className="seller-actions__row">
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
        {actions
          .filter((action) => action !== 'delete')
          .map((action) => (
            <button
              key={action}
              type="button"
              className="button button--small"
              disabled={working !== null}
              aria-busy={working === action || undefined}
              onClick={() => void perform(action)}
            >
              {working === action ? 'Working…' : actionLabel(action)}
            </button>
          ))}
        {actions.includes('delete') && !confirmingDelete && (
          <button
            type="button"
            className="button button--small button--danger"
            disabled={working !== null}
            onClick={() => setConfirmingDelete(true)}
          >
            {working === 'delete' ? 'Working…' : actionLabel('delete')}
          </button>
        )}
      </div>
      {confirmingDelete && (
        <div className="seller-actions__confirm" role="alertdialog" aria-label="Delete this listing?">
          <p>Delete this listing? Buyers will no longer see it.</p>
          <button type="button" className="button button--small button--danger" onClick={() => void perform('delete')}>
            Yes, delete
          </button>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => setConfirmingDelete(false)}
          >
            Keep it
          </button>
        </div>
      )}
    </section>
  );
}
