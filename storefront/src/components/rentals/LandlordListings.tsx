import type { RentalCard as RentalCardData } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { logFailure } from '../../lib/log-failure';
import { positiveInt } from '../../lib/product-query';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';
import { LandlordActions } from './LandlordActions';
import { afterAction } from './landlord-actions';
import { RentalCard } from './RentalCard';

/** A landlord's listings a page holds. */
export const LANDLORD_PAGE_SIZE = 12;

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; cards: RentalCardData[]; total: number };

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
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const fetchPage = useCallback(
    async (target: number) => {
      setLoad({ status: 'loading' });
      try {
        const { browserApi } = await import('../../lib/api');
        const answer = await browserApi.rentals.byUser({
          userRefnum,
          page: target - 1,
          size: LANDLORD_PAGE_SIZE,
          orderBy: 14,
          asc: 'false',
        });
        setLoad({ status: 'done', cards: answer.docs, total: answer.totalElements });
      } catch (cause) {
        logFailure("Could not load the landlord's listings", cause);
        setLoad({ status: 'error' });
      }
    },
    [userRefnum],
  );

  useEffect(() => {
    void fetchPage(page);
  }, [page, fetchPage]);

  function change(refnum: string, answer: Parameters<typeof afterAction>[1]) {
    setLoad((now) =>
      now.status === 'done'
        ? { ...now, cards: now.cards.map((card) => (card.refnum === refnum ? afterAction(card, answer) : card)) }
        : now,
    );
  }

  if (load.status === 'loading') return <Spinner label="Loading listings" />;
  if (load.status === 'error') {
    return <p className="state-message state-message--error">{listingListMessages.fetchError}</p>;
  }
  if (load.cards.length === 0) return <p className="state-message">{listingListMessages.noListings}</p>;
  return (
    <>
      {/* The cards' titles are level 3: this keeps the page's headings in order under its h1. */}
      <h2 className="visually-hidden">{label}</h2>
      <ul className="listing-grid" aria-label={label}>
        {load.cards.map((card) => (
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
        totalPages={Math.ceil(load.total / LANDLORD_PAGE_SIZE)}
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
