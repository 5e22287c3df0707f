import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { OrderDetail, OrderSummary } from '@yardly/shared/contract';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { Spinner } from '../Spinner';
import { OrderCard } from './OrderCard';
import { filterShowsOrders } from './order-view';
import '../../styles/checkout.css';
import '../../styles/offers.css';
import { logFailure } from '../../lib/log-failure';

const PAGE_SIZE = 10;

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; orders: OrderSummary[]; page: number; totalPages: number };

interface OrdersSectionProps {
  side: OrderSummary['role'];
  /** The dashboard's buy or sell filter (spec section 4). */
  filter: string;
  /** How many orders it shows once loaded (0 when the filter shows none): the page's empty state reads it. */
  onCount?: (count: number) => void;
}

/**
 * A dashboard's orders under its filter (GET /svc/orders), newest first, more on request. Hidden
 * when the filter names no order state or has no order, so the listings below keep their own messages.
 */
export function OrdersSection({ side, filter, onCount }: OrdersSectionProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const shows = filterShowsOrders(side, filter);

  const fetchPage = useCallback(
    async (page: number, before: OrderSummary[]) => {
      try {
        const answer = await browserApi.orders.list({ side, filter, page, size: PAGE_SIZE });
        setLoad({
          status: 'done',
          orders: [...before, ...answer.orders.content],
          page,
          totalPages: answer.orders.totalPages,
        });
      } catch (cause) {
        logFailure('Could not load your orders', cause);
        setLoad({ status: 'error', message: cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE });
      }
    },
    [side, filter],
  );

  useEffect(() => {
    if (!shows) return;
    setLoad({ status: 'loading' });
    void fetchPage(0, []);
  }, [shows, fetchPage]);

  const count = !shows ? 0 : load.status === 'done' ? load.orders.length : load.status === 'error' ? 0 : null;
  useEffect(() => {
    if (count !== null) onCount?.(count);
  }, [count, onCount]);

  function replace(changed: OrderDetail) {
    setLoad((now) =>
      now.status === 'done'
        ? { ...now, orders: now.orders.map((o) => (o.orderId === changed.orderId ? changed : o)) }
        : now,
    );
  }

  if (!shows) return null;
  if (load.status === 'loading') return <Spinner label="Loading your orders" />;
  if (load.status === 'error') return <p className="state-message state-message--error">{load.message}</p>;
  if (load.orders.length === 0) return null;
  const title = side === 'selling' ? 'Your sales' : 'Your orders';
  return (
    <section className="orders-section" aria-label={title}>
      <h2>{title}</h2>
      <ul className="listing-grid">
        {load.orders.map((order) => (
          <li key={order.orderId}>
            <OrderCard order={order} onChanged={replace} />
          </li>
        ))}
      </ul>
      {load.page + 1 < load.totalPages && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void fetchPage(load.page + 1, load.orders)}
        >
          Show more orders
        </button>
      )}
    </section>
  );
}
