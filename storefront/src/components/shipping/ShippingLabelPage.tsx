import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { buyLabelCall, type ShippingLabel, type ShippingRate } from '@yardly/shared/contract';
import {
  formatCents,
  PARCEL_NAMES,
  PARCEL_PRESETS,
  type ParcelName,
  shippingMessages,
  shippingServiceName,
} from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { LabelPdfLink } from './LabelPdfLink';
import { useOrderFromQuery } from './order-of-listing';
import { ShippingError } from './ShippingError';
import { dashboardCrumb, LABEL_BOUGHT, sellerTrackPath } from './shipping-view';
import '../../styles/checkout.css';

/**
 * `/shipping-label?listingRefnum=` (spec section 2): the seller picks the parcel, sees the
 * carrier's rates (under free shipping: deducted from the payout), buys the label and opens its
 * PDF, again later too.
 */
export function ShippingLabelPage() {
  const [load, setLoad] = useOrderFromQuery();
  // Until the order is read; then the smallest parcel the item weighs into (never a 'too heavy' at first).
  const [parcel, setParcel] = useState<ParcelName | null>(null);
  const [rates, setRates] = useState<ShippingRate[] | null>(null);
  const [service, setService] = useState<string>('');
  const [label, setLabel] = useState<ShippingLabel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const order = load.status === 'done' ? load.order : null;
  const orderId = order?.orderId;
  const status = order?.status;
  const suggested = order?.parcel;

  useEffect(() => {
    if (suggested) setParcel((chosen) => chosen ?? suggested);
  }, [suggested]);

  useEffect(() => {
    if (!orderId) return;
    if (status !== 'paid') {
      browserApi.shipping
        .label({ orderId })
        .then(setLabel)
        .catch((cause) => setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE));
    }
  }, [orderId, status]);

  useEffect(() => {
    if (!orderId || status !== 'paid' || !parcel) return;
    setRates(null);
    setError(null);
    browserApi.shipping
      .rates({ orderId, parcel })
      .then((answer) => {
        setRates(answer.rates);
        setService(answer.rates[0]?.service ?? '');
      })
      .catch((cause) => setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE));
  }, [orderId, status, parcel]);

  async function buy(event: React.FormEvent) {
    event.preventDefault();
    if (!order || !service || !parcel) return;
    setWorking(true);
    setError(null);
    try {
      const bought = await browserApi.http.call(buyLabelCall, {
        body: { orderId: order.orderId, parcel, service },
        headers: { 'idempotency-key': `${order.orderId}-${parcel}-${service}` },
      });
      setLabel(bought);
      showToast(LABEL_BOUGHT, 'success');
      setLoad(await browserApi.orders.detail({ orderId: order.orderId }));
    } catch (cause) {
      logFailure('Could not buy a label', cause);
      setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setWorking(false);
    }
  }

  const free = order?.amount.shipping === 0;
  return (
    <section className="checkout" aria-labelledby="label-title">
      <Breadcrumbs
        crumbs={[{ label: 'Home', href: '/' }, dashboardCrumb('selling', status), { label: 'Shipping label' }]}
      />
      <h1 id="label-title">Shipping label</h1>
      {load.status === 'loading' && <Spinner label="Loading the order" />}
      {load.status === 'error' && <p className="state-message state-message--error">{load.message}</p>}
      {order && order.role !== 'selling' && (
        <p className="state-message state-message--error">{shippingMessages.onlySeller}</p>
      )}
      {order && order.role === 'selling' && (
        <div className="checkout-panel">
          <h2>{order.listing.listingTitle}</h2>
          {label ? (
            <div>
              <p>
                Tracking number: <strong data-testid="tracking-number">{label.trackingNumber}</strong>
              </p>
              <p>Label cost: {formatCents(label.amount)}</p>
              <p>
                <LabelPdfLink
                  labelUrl={label.labelUrl}
                  refresh={async () => (await browserApi.shipping.label({ orderId: order.orderId })).labelUrl}
                >
                  Open the label (PDF)
                </LabelPdfLink>{' '}
                <a href={sellerTrackPath(order.listing.listingRefnum)}>Track the parcel</a>
              </p>
            </div>
          ) : order.status === 'paid' ? (
            <form onSubmit={(event) => void buy(event)} noValidate>
              <fieldset>
                <legend>Parcel size</legend>
                {PARCEL_NAMES.map((name) => {
                  const p = PARCEL_PRESETS[name];
                  return (
                    <label key={name} className="radio-row">
                      <input
                        type="radio"
                        name="parcel"
                        value={name}
                        checked={parcel === name}
                        // Smaller than the item's weight allows: the carrier would refuse it.
                        disabled={suggested ? PARCEL_NAMES.indexOf(name) < PARCEL_NAMES.indexOf(suggested) : false}
                        onChange={() => setParcel(name)}
                      />{' '}
                      {p.label} ({p.lengthIn}×{p.widthIn}×{p.heightIn} in, up to {p.maxLbs} lbs)
                    </label>
                  );
                })}
              </fieldset>
              <fieldset>
                <legend>Service</legend>
                {rates === null && !error && <Spinner label="Loading the rates" />}
                {rates?.map((rate) => (
                  <label key={rate.service} className="radio-row">
                    <input
                      type="radio"
                      name="service"
                      value={rate.service}
                      checked={service === rate.service}
                      onChange={() => setService(rate.service)}
                    />{' '}
                    {shippingServiceName(rate.service)} · {formatCents(rate.amount)}
                    {free && ` (${shippingMessages.deductedFromPayout})`} · {rate.days} business days
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="button" disabled={working || !service} aria-busy={working || undefined}>
                {working ? 'Working…' : 'Buy shipping label'}
              </button>
            </form>
          ) : null}
          <ShippingError message={error} />
        </div>
      )}
    </section>
  );
}
