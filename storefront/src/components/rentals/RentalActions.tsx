import type { RentalState, ReportReason } from '@yardly/shared/rules';
import { lazy, Suspense, useState } from 'react';
import { useRenderedSession } from '../../lib/use-hydrated';
import { openAuthDialog, promptGuest } from '../../stores/auth-dialog';
import { rentalFavourites } from '../../stores/rental-favourites';
import { GUEST_PROMPTS } from '../../stores/session';
import { FavouriteButton } from '../FavouriteButton';
import { rentalsMsgPath } from './rental-paths';

// The landlord's controls and the report dialog bring the api client: load them when needed.
const LandlordActions = lazy(() => import('./LandlordActions').then((m) => ({ default: m.LandlordActions })));
const ReportDialog = lazy(() => import('../selling/ReportDialog').then((m) => ({ default: m.ReportDialog })));

/** What a guest is told when 'Message' needs an account. */
export const MESSAGE_PROMPT = 'Sign up or log in to message the landlord';

interface RentalActionsProps {
  rental: { refnum: string; title: string; landLordRefnum: string; rentalState: RentalState; available: boolean };
}

/**
 * What a visitor can do about a place. Its landlord manages it (rented, available, relist, edit,
 * delete); anyone else saves it, messages the landlord while it is available (a guest is asked
 * to sign up first) and reports it.
 */
export function RentalActions({ rental }: RentalActionsProps) {
  // The server renders a guest's view: so does the first render here, then the stored login's
  // (else React throws the server's markup away, minified error 418).
  const session = useRenderedSession();
  const [current, setCurrent] = useState(rental);
  const [reporting, setReporting] = useState(false);

  if (session?.userRefnum === rental.landLordRefnum) {
    return (
      <div className="item__owner">
        <p className="item__note">This is your listing.</p>
        <Suspense fallback={null}>
          <LandlordActions
            rental={current}
            onChanged={(answer) =>
              setCurrent((now) => ({
                ...now,
                rentalState: answer.state,
                available: answer.available ?? answer.state === 'available',
              }))
            }
          />
        </Suspense>
      </div>
    );
  }

  function openReport() {
    if (!session) promptGuest(GUEST_PROMPTS.account);
    else setReporting(true);
  }

  async function sendReport(report: { reason: ReportReason; details: string }) {
    const { browserApi } = await import('../../lib/api');
    return browserApi.rentals.report({ refnum: rental.refnum, ...report });
  }

  return (
    <div className="rental-actions">
      <div className="rental-actions__row">
        {!rental.available ? (
          <p className="item__note">This place is no longer available.</p>
        ) : session ? (
          <a className="button item__message" href={rentalsMsgPath({ tab: 'buying', refnum: rental.refnum })}>
            Message
          </a>
        ) : (
          <button
            type="button"
            className="button item__message"
            onClick={() => openAuthDialog({ name: 'signup', notice: MESSAGE_PROMPT })}
          >
            Message
          </button>
        )}
        <FavouriteButton
          listingRefnum={rental.refnum}
          listingTitle={rental.title}
          sellerRefnum={rental.landLordRefnum}
          store={rentalFavourites}
          className="rental-heart"
        />
      </div>
      <button type="button" className="link-button" onClick={openReport}>
        Report this listing
      </button>
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            listingRefnum={rental.refnum}
            noun="listing"
            send={sendReport}
            onClose={() => setReporting(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
