import type { OrderDetail, OrderSummary } from '@yardly/shared/contract';
import { formatCents, formatDate } from '@yardly/shared/rules';
import { orderPath } from '../../lib/checkout-paths';
import { ListingCard } from '../ListingCard';
import { ReturnLinks } from '../returns/ReturnLinks';
import { ShippingLinks } from '../shipping/ShippingLinks';
import { OrderActions } from './OrderActions';
import { deliveryLabel, otherPartyLabel } from './order-view';

interface OrderCardProps {
  order: OrderSummary;
  onChanged: (order: OrderDetail) => void;
}

/** An order on a dashboard: the listing's card, its status, the other party, the amounts, and the viewer's buttons. */
export function OrderCard({ order, onChanged }: OrderCardProps) {
  const open = order.status === 'paid' || order.status === 'awaiting_pickup';
  return (
    <ListingCard listing={order.listing}>
      <div className="order-card">
        <p>
          <span className={`offer__state order__state--${order.status}`}>{order.statusLabel}</span>
        </p>
        <p>{otherPartyLabel(order)}</p>
        <p>
          {deliveryLabel(order)} · Total <strong>{formatCents(order.amount.total)}</strong>
          {order.amount.shipping > 0 && ` (item ${formatCents(order.amount.itemPrice)})`}
          {order.amount.rewards > 0 && ` · rewards \u2212${formatCents(order.amount.rewards)}`}
        </p>
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
