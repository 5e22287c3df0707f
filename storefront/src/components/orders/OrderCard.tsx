import type { OrderDetail, OrderSummary } from '@yardly/shared/contract';
import { formatCents, formatDate } from '@yardly/shared/rules';
import { Fragment } from 'react';
import { orderPath } from '../../lib/checkout-paths';
import { ListingCard } from '../ListingCard';
import { ReturnLinks } from '../returns/ReturnLinks';
import { ShippingLinks } from '../shipping/ShippingLinks';
import { OrderActions } from './OrderActions';
import { itemPriceLabel, paidLines } from './order-card-view';
import { otherPartyLabel } from './order-view';

interface OrderCardProps {
  order: OrderSummary;
  onChanged: (order: OrderDetail) => void;
}

/** An order on a dashboard: the listing's card, its status, the other party, the amounts, and the viewer's buttons. */
export function OrderCard({ order, onChanged }: OrderCardProps) {
  const open = order.status === 'paid' || order.status === 'awaiting_pickup';
  return (
    // The card's price is what the item was bought at (an offer's price), never the asking price.
    <ListingCard
      listing={order.listing}
      price={
        <>
          <span className="visually-hidden">{itemPriceLabel(order)}: </span>
          {formatCents(order.amount.itemPrice)}
        </>
      }
    >
      <div className="order-card">
        <p>
          <span className={`offer__state order__state--${order.status}`}>{order.statusLabel}</span>
        </p>
        <p>{otherPartyLabel(order)}</p>
        <dl className="amounts order-card__amounts" aria-label={`Paid for ${order.listing.listingTitle}`}>
          {paidLines(order).map((line) => {
            const total = line.label === 'Total' ? 'amounts__total' : undefined;
            return (
              <Fragment key={line.label}>
                <dt className={total}>{line.label}</dt>
                <dd className={total}>{line.value}</dd>
              </Fragment>
            );
          })}
        </dl>
        {open && order.role === 'selling' && (
          <p>
            {order.deliveryMethod === 'pickup' ? 'Hand over by' : 'Ship by'} {formatDate(order.shipBy)}
          </p>
        )}
        <a href={orderPath(order.orderId)} aria-label={`Order details: ${order.listing.listingTitle}`}>
          Order details
        </a>
        <ShippingLinks order={order} />
        <ReturnLinks order={order} />
        <OrderActions order={order} onChanged={onChanged} />
      </div>
    </ListingCard>
  );
}
