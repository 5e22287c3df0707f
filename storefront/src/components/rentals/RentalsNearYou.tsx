import { useStore } from '@nanostores/react';
import type { RentalCard as RentalCardData } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { useEffect, useRef, useState } from 'react';
import { logFailure } from '../../lib/log-failure';
import { useHydrated } from '../../lib/use-hydrated';
import { $location, type StoredLocation } from '../../stores/location';
import { openLocationDialog } from '../../stores/location-dialog';
import { Spinner } from '../Spinner';
import { RentalCollection } from './RentalCard';
import { rentalsListPath } from './rental-query';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; rentals: RentalCardData[] };

/** How many places the rail shows. */
export const NEAR_YOU_SIZE = 8;

interface RentalsNearYouProps {
  /** What the server rendered, near the place its cookie names (null: none chosen). */
  start: { place: StoredLocation | null; rentals: RentalCardData[] | null };
}

/** The rentals home's rail of places near the visitor's location, nearest first; it follows a new place. */
export function RentalsNearYou({ start }: RentalsNearYouProps) {
  const storedPlace = useStore($location);
  const place = useHydrated() ? storedPlace : start.place;
  const [load, setLoad] = useState<Load>(
    start.rentals ? { status: 'done', rentals: start.rentals } : { status: start.place ? 'error' : 'loading' },
  );
  const shownZip = useRef(start.place?.zip ?? null);

  useEffect(() => {
    const zip = place?.zip ?? null;
    if (zip === shownZip.current || zip === null) return;
    shownZip.current = zip;
    let current = true;
    setLoad({ status: 'loading' });
    import('../../lib/api')
      .then(({ browserApi }) =>
        browserApi.rentals.search({ zip, d: 50, sortBy: 'distance', page: 0, size: NEAR_YOU_SIZE }),
      )
      .then(
        (answer) => current && setLoad({ status: 'done', rentals: answer.docs }),
        (cause: unknown) => {
          logFailure('Could not load the rentals near you', cause);
          if (current) setLoad({ status: 'error' });
        },
      );
    return () => {
      current = false;
    };
  }, [place]);

  return (
    <section className="section" aria-labelledby="rentals-near-you">
      <div className="section__head">
        <h2 id="rentals-near-you">{place ? `Near ${place.formattedAddress}` : 'Near you'}</h2>
        {place && <a href={rentalsListPath({ zip: place.zip, sortBy: 'distance' })}>See all</a>}
      </div>
      {!place ? (
        <p className="state-message">
          Choose your location to see places near you.{' '}
          <button type="button" className="link-button" onClick={() => openLocationDialog()}>
            Your location
          </button>
        </p>
      ) : load.status === 'loading' ? (
        <Spinner label="Loading places near you" />
      ) : load.status === 'error' ? (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      ) : load.rentals.length === 0 ? (
        <p className="state-message">{listingListMessages.noResults}</p>
      ) : (
        <RentalCollection rentals={load.rentals} layout="rail" label="Places near you" />
      )}
    </section>
  );
}
