import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { RentalState } from '@yardly/shared/rules';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { showToast } from '../../stores/toast';
import { LANDLORD_ACTION_DONE, type LandlordAction, landlordActionLabel, landlordActionsFor } from './landlord-actions';
import { rentalsListingPath, rentalsMsgPath } from './rental-paths';
import '../../styles/selling.css';

interface LandlordActionsProps {
  rental: { refnum: string; title: string; state: RentalState };
  /** The api's answer after an action. */
  onChanged: (answer: { state: RentalState; available?: boolean }) => void;
}

function run(action: LandlordAction, refnum: string) {
  switch (action) {
    case 'markRented':
      return browserApi.rentals.setAvailable({ refnum, available: false });
    case 'markAvailable':
      return browserApi.rentals.setAvailable({ refnum, available: true });
    case 'relist':
      return browserApi.rentals.relist({ refnum });
    case 'delete':
      return browserApi.rentals.remove({ refnum });
  }
}

/** The landlord's controls for one place, each with its loading, error and success (spec section 4). */
export function LandlordActions({ rental, onChanged }: LandlordActionsProps) {
  const [working, setWorking] = useState<LandlordAction | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { actions, canEdit, status } = landlordActionsFor(rental.state);

  async function perform(action: LandlordAction) {
    setWorking(action);
    setConfirmingDelete(false);
    try {
      const answer = await run(action, rental.refnum);
      showToast(LANDLORD_ACTION_DONE[action], 'success');
      onChanged(answer);
    } catch (cause) {
      console.error(`Could not ${action} a rental`, cause);
      showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
    } finally {
      setWorking(null);
    }
  }

  return (
    <section className="seller-actions" aria-label={`Manage ${rental.title}`}>
      {status && <p className="seller-actions__status">{status}</p>}
      <div className="seller-actions__row">
        {rental.state !== 'draft' && rental.state !== 'deleted' && (
          <a
            className="button button--small button--secondary"
            href={rentalsMsgPath({ tab: 'selling' })}
            aria-label={`View Messages about ${rental.title}`}
          >
            View Messages
          </a>
        )}
        {canEdit && (
          <a className="button button--small button--secondary" href={rentalsListingPath(rental.refnum)}>
            {rental.state === 'draft' ? 'Finish and publish' : 'Edit'}
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
              {working === action ? 'Working…' : landlordActionLabel(action)}
            </button>
          ))}
        {actions.includes('delete') && !confirmingDelete && (
          <button
            type="button"
            className="button button--small button--danger"
            disabled={working !== null}
            onClick={() => setConfirmingDelete(true)}
          >
            {working === 'delete' ? 'Working…' : landlordActionLabel('delete')}
          </button>
        )}
      </div>
      {confirmingDelete && (
        <div className="seller-actions__confirm" role="alertdialog" aria-label="Delete this listing?">
          <p>Delete this listing? Tenants will no longer see it.</p>
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
