import type { OrderSummary } from '@yardly/shared/contract';
import { orderProcess } from '@yardly/shared/rules';
import { returnReasonPath, returnTrackPath } from '../../lib/return-paths';
import { mayOpenReturn, returnOpened } from './return-view';

/** An order's return links: the buyer's Return item (the process's `openReturn`), and Track the return for both sides once opened. */
export function ReturnLinks({ order }: { order: OrderSummary & { actions?: readonly string[] } }) {
  const refnum = order.listing.listingRefnum;
  const title = order.listing.listingTitle;
  const open = mayOpenReturn(order);
  const track = returnOpened(order);
  if (!open && !track) return null;
  return (
    <p className="order-card__links">
      {open && (
        <a
          className="button button--small button--secondary"
          href={returnReasonPath({ listingRefnum: refnum, orderId: order.orderId })}
          aria-label={`${orderProcess.events.openReturn.label}: ${title}`}
        >
          {orderProcess.events.openReturn.label}
        </a>
      )}
      {track && (
        <a
          className="button button--small button--secondary"
          href={returnTrackPath(refnum)}
          aria-label={`Track the return: ${title}`}
        >
          Track the return
        </a>
      )}
    </p>
  );
}
