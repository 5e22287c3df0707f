import type { OrderDetail } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { failureMessage } from '../../lib/log-failure';
import { stayLoading, useLoaded } from '../../lib/use-loaded';

export type OrderLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; order: OrderDetail };

/** The order a shipping page is about: `?orderId=`, or the caller's order of `?listingRefnum=`. */
export function useOrderFromQuery(): [OrderLoad, (order: OrderDetail) => void] {
  // null: the address names no order.
  const load = useLoaded<OrderDetail | null>(
    async () => {
      if (!(await requireSignedIn())) return stayLoading();
      const query = new URLSearchParams(window.location.search);
      const listingRefnum = query.get('listingRefnum');
      const orderId =
        query.get('orderId') ??
        (listingRefnum ? (await browserApi.shipping.orderOfListing({ listingRefnum })).orderId : null);
      return orderId ? browserApi.orders.detail({ orderId }) : null;
    },
    [],
    { failure: 'Could not load the order' },
  );
  if (load.state === 'loading') return [{ status: 'loading' }, load.set];
  if (load.state === 'failed') return [{ status: 'error', message: failureMessage(load.error) }, load.set];
  if (load.data === null) return [{ status: 'error', message: orderMessages.notFound }, load.set];
  return [{ status: 'done', order: load.data }, load.set];
}
