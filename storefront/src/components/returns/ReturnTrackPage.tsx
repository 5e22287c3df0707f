import type { ReturnDetail } from '@yardly/shared/contract';
import { returnMessages } from '@yardly/shared/rules';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { orderPath } from '../../lib/checkout-paths';
import { failureMessage } from '../../lib/log-failure';
import { readReturnTrackRef } from '../../lib/return-paths';
import { stayLoading, useLoaded } from '../../lib/use-loaded';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { dashboardCrumb } from '../shipping/shipping-view';
import { ReturnSummary } from './ReturnSummary';
import '../../styles/checkout.css';
import '../../styles/returns.css';

/** `/return-track?listingRefnum=` (spec section 2): the return of the caller's order of that listing, followed back to the seller. */
export function ReturnTrackPage() {
  // null: the address names no listing.
  const load = useLoaded<ReturnDetail | null>(
    async () => {
      if (!(await requireSignedIn())) return stayLoading();
      const listingRefnum = readReturnTrackRef(window.location.search);
      return listingRefnum ? browserApi.returns.ofListing({ listingRefnum }) : null;
    },
    [],
    { failure: 'Could not load the return' },
  );

  const detail = load.data ?? null;
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
      {load.state === 'loading' && <Spinner label="Loading the return" />}
      {load.state === 'failed' && <p className="state-message state-message--error">{failureMessage(load.error)}</p>}
      {load.state === 'ready' && load.data === null && (
        <p className="state-message state-message--error">{returnMessages.notFound}</p>
      )}
      {detail && (
        <>
          <p>
            {detail.listingTitle} · <a href={orderPath(detail.orderId)}>Order {detail.orderId}</a>
          </p>
          <ReturnSummary detail={detail} onChanged={load.set} />
        </>
      )}
    </section>
  );
}
