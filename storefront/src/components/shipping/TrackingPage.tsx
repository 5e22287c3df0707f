import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { Tracking } from '@yardly/shared/contract';
import { formatDate } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { Breadcrumbs } from '../Breadcrumbs';
import { OrderActions } from '../orders/OrderActions';
import { Spinner } from '../Spinner';
import { useOrderFromQuery } from './order-of-listing';
import { SellersLabelLink } from './SellersLabelLink';
import { dashboardCrumb, parcelStatusLabel } from './shipping-view';
import '../../styles/checkout.css';

interface TrackingPageProps {
  side: 'buying' | 'selling';
}

/** `/seller-track` and `/buyer-track?listingRefnum=` (spec section 2): the parcel's timeline, its tracking number, the expected date. */
export function TrackingPage({ side }: TrackingPageProps) {
  const [load, setLoad] = useOrderFromQuery();
  const [tracking, setTracking] = useState<Tracking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const order = load.status === 'done' ? load.order : null;
  const orderId = order?.orderId;
  const status = order?.status;

  useEffect(() => {
    // The timeline is read again when the order moves (the buyer confirmed it here).
    if (!orderId || !status) return;
    browserApi.shipping
      .tracking({ orderId })
      .then(setTracking)
      .catch((cause) => setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE));
  }, [orderId, status]);

  const dashboard = dashboardCrumb(side, status);
  return (
    <section className="checkout" aria-labelledby="track-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, dashboard, { label: 'Track the parcel' }]} />
      <h1 id="track-title">Track the parcel</h1>
      {load.status === 'loading' && <Spinner label="Loading the order" />}
      {load.status === 'error' && <p className="state-message state-message--error">{load.message}</p>}
      {error && <p className="state-message state-message--error">{error}</p>}
      {order && tracking && (
        <div className="checkout-panel">
          <h2>{order.listing.listingTitle}</h2>
          <p>
            Status: <strong data-testid="parcel-status">{parcelStatusLabel(tracking.status)}</strong> · Order:{' '}
            {order.statusLabel}
          </p>
          <p>
            Tracking number: <strong data-testid="tracking-number">{tracking.trackingNumber}</strong>
          </p>
          {tracking.expectedAt && <p>Expected: {formatDate(tracking.expectedAt)}</p>}
          {order.role === 'selling' && <SellersLabelLink orderId={order.orderId} />}
          <h3>Timeline</h3>
          <ol className="tracking-timeline" aria-label="Parcel timeline">
            {tracking.events.map((event) => (
              <li key={`${event.status}-${event.at}`}>
                <time dateTime={event.at}>{formatDate(event.at)}</time> — {event.description}
              </li>
            ))}
          </ol>
          <OrderActions order={order} onChanged={(changed) => setLoad(changed)} />
        </div>
      )}
    </section>
  );
}
