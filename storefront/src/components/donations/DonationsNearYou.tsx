import { useStore } from '@nanostores/react';
import type { ListingCard } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { $location } from '../../stores/location';
import { $session, restoreSession } from '../../stores/session';
import { ListingCollection } from '../ListingCollection';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';
import '../../styles/donations.css';
import { logFailure } from '../../lib/log-failure';

type Load =
  | { status: 'loading' }
  | { status: 'noZip' }
  | { status: 'error' }
  | { status: 'done'; zip: string; listings: ListingCard[]; totalPages: number };

const PAGE_SIZE = 24;

/** The one-based page in the address (`/why-donate?page=2`). */
function pageInAddress(): number {
  const page = Number(new URLSearchParams(window.location.search).get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

function pageHref(page: number): string {
  return page > 1 ? `?page=${page}` : window.location.pathname;
}

/**
 * 'Donations near you' on /why-donate (issue 21): for a signed-in charity recipient, the
 * donation listings on offer around their stored location's zip (else their account's), as the
 * product list's cards. Anyone else sees the page as it was.
 */
export function DonationsNearYou() {
  const session = useStore($session);
  const location = useStore($location);
  const [known, setKnown] = useState(false);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [page, setPage] = useState(1);
  const zip = location?.zip ?? session?.zip ?? null;
  const recipient = session?.isDonationRecipient === true;

  useEffect(() => {
    setPage(pageInAddress());
    void restoreSession().then(() => setKnown(true));
    const back = () => setPage(pageInAddress());
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, []);

  useEffect(() => {
    if (!known || !recipient) return;
    if (!zip) {
      setLoad({ status: 'noZip' });
      return;
    }
    let current = true;
    setLoad({ status: 'loading' });
    browserApi.donations
      .listings({ zip, d: 25, page: page - 1, size: PAGE_SIZE })
      .then(
        (found) =>
          current &&
          setLoad({
            status: 'done',
            zip,
            listings: found.docs,
            totalPages: Math.ceil(found.totalElements / PAGE_SIZE),
          }),
      )
      .catch((cause: unknown) => {
        logFailure('Could not load the donations near you', cause);
        if (current) setLoad({ status: 'error' });
      });
    return () => {
      current = false;
    };
  }, [known, recipient, zip, page]);

  if (!known || !recipient) return null;
  return (
    <section className="donations-near" aria-labelledby="donations-near-title">
      <h2 id="donations-near-title">Donations near you</h2>
      {load.status === 'loading' && <Spinner label="Loading donations near you" />}
      {load.status === 'noZip' && <p className="state-message">Choose your location to see donations near you.</p>}
      {load.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.status === 'done' &&
        (load.listings.length === 0 ? (
          <p className="state-message">{listingListMessages.noListings}</p>
        ) : (
          <>
            <ListingCollection listings={load.listings} label={`Donations near ${load.zip}`} />
            <Pagination
              page={page}
              totalPages={load.totalPages}
              hrefFor={pageHref}
              onChange={(next) => {
                window.history.pushState(null, '', pageHref(next));
                setPage(next);
              }}
            />
          </>
        ))}
    </section>
  );
}
