import type { OrderDetail } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { readOrderRef } from '../../lib/checkout-paths';
import { failureMessage } from '../../lib/log-failure';
import { stayLoading, useLoaded } from '../../lib/use-loaded';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { OrderDetailView } from './OrderDetailView';

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
  // null: the address names no order.
  const load = useLoaded<OrderDetail | null>(
    async () => {
      if (!(await requireSignedIn())) return stayLoading();
      const orderId = orderIdFromLocation(kind);
      return orderId ? browserApi.orders.detail({ orderId }) : null;
    },
    [kind],
    { failure: 'Could not load the order' },
  );

  const heading =
    kind === 'confirmation' && (!load.data || load.data.role === 'buying')
      ? 'Thank you for your order'
      : 'Order details';
  return (
    <section className="checkout" aria-labelledby="order-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: heading }]} />
      <h1 id="order-title">{heading}</h1>
      {load.state === 'loading' && <Spinner label="Loading your order" />}
      {load.state === 'failed' && <p className="state-message state-message--error">{failureMessage(load.error)}</p>}
      {load.state === 'ready' && load.data === null && (
        <p className="state-message state-message--error">{orderMessages.notFound}</p>
      )}
      {load.data && <OrderDetailView order={load.data} onChanged={load.set} />}
    </section>
  );
}
