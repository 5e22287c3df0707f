import { listingListMessages } from '@yardly/shared/rules';
import { useState } from 'react';
import { positiveInt } from '../../lib/product-query';
import { useLoaded } from '../../lib/use-loaded';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';
import { LandlordActions } from './LandlordActions';
import { afterAction } from './landlord-actions';
import { RentalCard } from './RentalCard';

/** A landlord's listings a page holds. */
export const LANDLORD_PAGE_SIZE = 12;

interface LandlordListingsProps {
  userRefnum: string;
  /** The landlord's own: every state, each card with its actions. */
  mine: boolean;
  /** The address of a page (one-based), for links and history. */
  pathFor: (page: number) => string;
  label: string;
}

/** A landlord's places, newest first, paged (`byUserRefnum`); their own carry the landlord's actions. */
export function LandlordListings({ userRefnum, mine, pathFor, label }: LandlordListingsProps) {
  const [page, setPage] = useState(() =>
    typeof window === 'undefined' ? 1 : positiveInt(new URLSearchParams(window.location.search).get('page'), 1, 10_000),
  );
  const load = useLoaded(
    async () => {
      const { browserApi } = await import('../../lib/api');
      return browserApi.rentals.byUser({
        userRefnum,
        page: page - 1,
        size: LANDLORD_PAGE_SIZE,
        orderBy: 14,
        asc: 'false',
      });
    },
    [userRefnum, page],
    { failure: "Could not load the landlord's listings" },
  );

  function change(refnum: string, answer: Parameters<typeof afterAction>[1]) {
    load.update((now) => ({
      ...now,
      docs: now.docs.map((card) => (card.refnum === refnum ? afterAction(card, answer) : card)),
    }));
  }

  if (load.state === 'loading') return <Spinner label="Loading listings" />;
  if (load.state === 'failed') {
    return <p className="state-message state-message--error">{listingListMessages.fetchError}</p>;
  }
  if (load.data.docs.length === 0) return <p className="state-message">{listingListMessages.noListings}</p>;
  return (
    <>
      {/* The cards' titles are level 3: this keeps the page's headings in order under its h1. */}
      <h2 className="visually-hidden">{label}</h2>
      <ul className="listing-grid" aria-label={label}>
        {load.data.docs.map((card) => (
          <li key={card.refnum}>
            <RentalCard rental={card}>
              {mine && card.rentalState !== 'deleted' && (
                <LandlordActions rental={card} onChanged={(answer) => change(card.refnum, answer)} />
              )}
            </RentalCard>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={Math.ceil(load.data.totalElements / LANDLORD_PAGE_SIZE)}
        hrefFor={pathFor}
        onChange={(next) => {
          window.history.pushState(null, '', pathFor(next));
          window.scrollTo({ top: 0 });
          setPage(next);
        }}
      />
    </>
  );
}
