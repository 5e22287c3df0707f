import { ApiError } from '@yardly/shared/client';
import type { OrderDetail, SellerListing } from '@yardly/shared/contract';
import { OPEN_ORDER_STATES } from '@yardly/shared/rules';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { orderPath } from '../../lib/checkout-paths';
import { logFailure } from '../../lib/log-failure';
import { SellerActions } from '../selling/SellerActions';

interface OwnersOrderProps {
  listing: SellerListing;
  onChanged: (listing: SellerListing) => void;
}

/**
 * The seller's controls on their own item page, with its order once it sold: "See the order",
 * and no Relist while that order is in progress (the listing's `orderInProgress`, or the order's
 * own state once read; the api refuses the relist too).
 */
export function OwnersOrder({ listing, onChanged }: OwnersOrderProps) {
  // undefined while it is read; null when there is none (marked sold by hand, never sold).
  const [order, setOrder] = useState<OrderDetail | null | undefined>(undefined);
  const listingRefnum = listing.listingRefnum;
  const sold = listing.listingState === 'sold';

  useEffect(() => {
    if (!sold) {
      setOrder(null);
      return;
    }
    browserApi.shipping
      .orderOfListing({ listingRefnum })
      .then(({ orderId }) => browserApi.orders.detail({ orderId }))
      .then(setOrder)
      .catch((cause) => {
        // Marked sold by hand: there is no order to show.
        if (!(cause instanceof ApiError && cause.status === 404)) logFailure('Could not read the order', cause);
        setOrder(null);
      });
  }, [sold, listingRefnum]);

  const inProgress =
    listing.orderInProgress ||
    order === undefined ||
    (order !== null && (OPEN_ORDER_STATES as readonly string[]).includes(order.status));
  return (
    <>
      {order && (
        <p className="item__note">
          Sold: {order.statusLabel}.{' '}
          <a className="button button--small" href={orderPath(order.orderId)}>
            See the order
          </a>
        </p>
      )}
      {/* Until the order is read, no Relist either: the page may have been rendered without the seller's token. */}
      <SellerActions listing={{ ...listing, orderInProgress: inProgress }} onChanged={onChanged} />
    </>
  );
}
