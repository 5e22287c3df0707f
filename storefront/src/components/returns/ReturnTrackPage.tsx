import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { ReturnDetail } from '@yardly/shared/contract';
import { returnMessages } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { orderPath } from '../../lib/checkout-paths';
import { readReturnTrackRef } from '../../lib/return-paths';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { dashboardCrumb } from '../shipping/shipping-view';
import { ReturnSummary } from './ReturnSummary';
import '../../styles/checkout.css';
import '../../styles/returns.css';
import { logFailure } from '../../lib/log-failure';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; detail: ReturnDetail };

/** `/return-track?listingRefnum=` (spec section 2): the return of the caller's order of that listing, followed back to the seller. */
export function ReturnTrackPage() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    void requireSignedIn().then(async (session) => {
      if (!session) return;
      const listingRefnum = readReturnTrackRef(window.location.search);
      if (!listingRefnum) {
        setLoad({ status: 'error', message: returnMessages.notFound });
        return;
      }
      try {
        setLoad({ status: 'done', detail: await browserApi.returns.ofListing({ listingRefnum }) });
      } catch (cause) {
        logFailure('Could not load the return', cause);
        setLoad({ status: 'error', message: cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE });
      }
    });
  }, []);

  const detail = load.status === 'done' ? load.detail : null;
  return (
    <section className="checkout" aria-labelledby="return-track-title">
      <Breadcrumbs
        crumbs={[
          { label: 'Home', href: '/' },
          ...(detail ? [dashboardCrumb(detail.role === 'seller' ? 'selling' : 'buying', detail.orderStatus)] : []),
          { label: 'Track the return' },
        ]}
      />
      <h1 id="return-track-title">Track the return</h1>
      {load.status === 'loading' && <Spinner label="Loading the return" />}
      {load.status === 'error' && <p className="state-message state-message--error">{load.message}</p>}
      {detail && (
        <>
          <p>
            {detail.listingTitle} · <a href={orderPath(detail.orderId)}>Order {detail.orderId}</a>
          </p>
          <ReturnSummary detail={detail} onChanged={(changed) => setLoad({ status: 'done', detail: changed })} />
        </>
      )}
    </section>
  );
}
