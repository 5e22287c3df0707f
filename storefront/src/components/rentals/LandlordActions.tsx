import type { RentalState } from '@yardly/shared/rules';
import { browserApi } from '../../lib/api';
import { ProcessActions } from '../ProcessActions';
import { LANDLORD_ACTION_DONE, type LandlordAction, landlordActionLabel, landlordActionsFor } from './landlord-actions';
import { rentalsListingPath, rentalsMsgPath } from './rental-paths';

interface LandlordActionsProps {
  rental: { refnum: string; title: string; rentalState: RentalState };
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
    case 'deactivate':
    case 'activate':
      return browserApi.rentals.toggleActive({ refnum });
    case 'delete':
      return browserApi.rentals.remove({ refnum });
  }
}

/** The landlord's controls for one place, each with its loading, error and success (spec section 4). */
export function LandlordActions({ rental, onChanged }: LandlordActionsProps) {
  const { actions, canEdit, status } = landlordActionsFor(rental.rentalState);
  return (
    <ProcessActions
      title={rental.title}
      status={status}
      actions={actions}
      label={landlordActionLabel}
      done={LANDLORD_ACTION_DONE}
      run={(action) => run(action, rental.refnum)}
      onChanged={onChanged}
      deleteAudience="Tenants"
      logNoun="a rental"
      links={
        <>
          {rental.rentalState !== 'draft' && rental.rentalState !== 'deleted' && (
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
              {rental.rentalState === 'draft' ? 'Finish and publish' : 'Edit'}
            </a>
          )}
        </>
      }
    />
  );
}
