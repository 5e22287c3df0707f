import type { OrderSummary } from '@yardly/shared/contract';
import { orderProcess } from '@yardly/shared/rules';
import { buyerTrackPath, hasParcel, mayPrintLabel, sellerTrackPath, shippingLabelPath } from './shipping-view';

/** An order's shipping links: the seller's Print shipping label (the process's `ship`), and Track for both sides once shipped. */
export function ShippingLinks({ order }: { order: OrderSummary }) {
  const refnum = order.listing.listingRefnum;
  const title = order.listing.listingTitle;
  const print = mayPrintLabel(order);
  const track = hasParcel(order);
  if (!print && !track) return null;
  return (
    <p className="order-card__links">
      {print && (
        <a
          className="button button--small"
          href={shippingLabelPath(refnum)}
          aria-label={`${orderProcess.events.ship.label}: ${title}`}
        >
          {orderProcess.events.ship.label}
        </a>
      )}
      {track && (
        <a
          className="button button--small button--secondary"
          href={order.role === 'selling' ? sellerTrackPath(refnum) : buyerTrackPath(refnum)}
          aria-label={`Track: ${title}`}
        >
          Track
        </a>
      )}
    </p>
  );
}
