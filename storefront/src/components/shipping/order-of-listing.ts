import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { OrderDetail } from '@yardly/shared/contract';
import { orderMessages } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';

export type OrderLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; order: OrderDetail };

/** The order a shipping page is about: `?orderId=`, or the caller's order of `?listingRefnum=`. */
export function useOrderFromQuery(): [OrderLoad, (order: OrderDetail) => void] {
  const [load, setLoad] = useState<OrderLoad>({ status: 'loading' });
  useEffect(() => {
    void requireSignedIn().then(async (session) => {
      if (!session) return;
      const query = new URLSearchParams(window.location.search);
      try {
        const listingRefnum = query.get('listingRefnum');
        const orderId =
          query.get('orderId') ??
          (listingRefnum ? (await browserApi.shipping.orderOfListing({ listingRefnum })).orderId : null);
        if (!orderId) {
          setLoad({ status: 'error', message: orderMessages.notFound });
          return;
        }
        setLoad({ status: 'done', order: await browserApi.orders.detail({ orderId }) });
      } catch (cause) {
        logFailure('Could not load the order', cause);
        setLoad({ status: 'error', message: cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE });
      }
    });
  }, []);
  return [load, (order) => setLoad({ status: 'done', order })];
}
