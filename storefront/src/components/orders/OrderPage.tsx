import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { OrderDetail } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { readOrderRef } from '../../lib/checkout-paths';
import { logFailure } from '../../lib/log-failure';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { OrderDetailView } from './OrderDetailView';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; order: OrderDetail };

/** Where the order's id comes from: `/orderconfirmation?orderId=` or `/orders/{orderId}`. */
function orderIdFromLocation(kind: OrderPageProps['kind']): string | null {
  if (kind === 'confirmation') return readOrderRef(window.location.search)?.orderId ?? null;
  const segment = decodeURIComponent(window.location.pathname.split('/').filter(Boolean).pop() ?? '');
  return /^[A-Za-z0-9]{1,40}$/.test(segment) ? segment : null;
}

interface OrderPageProps {
  /** 'confirmation': just bought (/orderconfirmation); 'order': an order looked up later (/orders/{id}). */
  kind: 'confirmation' | 'order';
}

/** `/orderconfirmation?listingRefnum=&orderId=` after paying, and `/orders/{id}`: what was bought, how it comes, its status. */
export function OrderPage({ kind }: OrderPageProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    void requireSignedIn().then(async (session) => {
      if (!session) return;
      const orderId = orderIdFromLocation(kind);
      if (!orderId) {
        setLoad({ status: 'error', message: orderMessages.notFound });
        return;
      }
      try {
        setLoad({ status: 'done', order: await browserApi.orders.detail({ orderId }) });
      } catch (cause) {
        logFailure('Could not load the order', cause);
        setLoad({ status: 'error', message: cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE });
      }
    });
  }, [kind]);

  const heading =
    kind === 'confirmation' && (load.status !== 'done' || load.order.role === 'buying')
      ? 'Thank you for your order'
      : 'Order details';
  return (
    <section className="checkout" aria-labelledby="order-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: heading }]} />
      <h1 id="order-title">{heading}</h1>
      {load.status === 'loading' && <Spinner label="Loading your order" />}
      {load.status === 'error' && <p className="state-message state-message--error">{load.message}</p>}
      {load.status === 'done' && (
        <OrderDetailView order={load.order} onChanged={(order) => setLoad({ status: 'done', order })} />
      )}
    </section>
  );
}
