import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { orderMessages } from '@yardly/shared/rules';
import { useState } from 'react';
import { browserApi } from '../../lib/api';
import { orderPath } from '../../lib/checkout-paths';
import { showToast } from '../../stores/toast';
import { Breadcrumbs } from '../Breadcrumbs';
import { CONFIRM_DELIVERY_PROMPT } from '../orders/order-view';
import { Spinner } from '../Spinner';
import { useOrderFromQuery } from './order-of-listing';
import { ShippingError } from './ShippingError';
import { dashboardCrumb, RECEIPT_CONFIRMED } from './shipping-view';
import '../../styles/checkout.css';
import { logFailure } from '../../lib/log-failure';

/** `/confirm-item-received?orderId=` (spec section 2): the buyer confirms the parcel arrived; the seller is paid. */
export function ConfirmReceivedPage() {
  const [load, setLoad] = useOrderFromQuery();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const order = load.status === 'done' ? load.order : null;

  async function confirm() {
    if (!order) return;
    setWorking(true);
    setError(null);
    try {
      setLoad(await browserApi.shipping.confirmReceived({ orderId: order.orderId }));
      showToast(RECEIPT_CONFIRMED, 'success');
    } catch (cause) {
      logFailure('Could not confirm receipt', cause);
      setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setWorking(false);
    }
  }

  const may = order?.actions.includes('confirmDelivery') ?? false;
  return (
    <section className="checkout" aria-labelledby="received-title">
      <Breadcrumbs
        crumbs={[
          { label: 'Home', href: '/' },
          dashboardCrumb('buying', order?.status),
          { label: 'Confirm item received' },
        ]}
      />
      <h1 id="received-title">Confirm item received</h1>
      {load.status === 'loading' && <Spinner label="Loading the order" />}
      {load.status === 'error' && <p className="state-message state-message--error">{load.message}</p>}
      {order && (
        <div className="checkout-panel">
          <h2>{order.listing.listingTitle}</h2>
          <p>
            Status: <strong data-testid="order-status">{order.statusLabel}</strong>
          </p>
          {order.role !== 'buying' && <p>{orderMessages.onlyBuyerConfirmsDelivery}</p>}
          {may && (
            <>
              <p>{CONFIRM_DELIVERY_PROMPT}</p>
              <button
                type="button"
                className="button"
                disabled={working}
                aria-busy={working || undefined}
                onClick={() => void confirm()}
              >
                {working ? 'Working…' : 'Confirm item received'}
              </button>
            </>
          )}
          {order.status === 'delivered' && <p>{RECEIPT_CONFIRMED}</p>}
          <p>
            <a href={orderPath(order.orderId)}>Order details</a>
          </p>
          <ShippingError message={error} />
        </div>
      )}
    </section>
  );
}
