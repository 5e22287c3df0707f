import type { OrderDetail } from '@yardly/shared/contract';
import { formatCents, formatDate } from '@yardly/shared/rules';
import { CheckoutItem } from '../checkout/CheckoutItem';
import { ReturnLinks } from '../returns/ReturnLinks';
import { ReturnPanel } from '../returns/ReturnPanel';
import { OrderReviewPanel } from '../reviews/OrderReviewPanel';
import { SellersLabelLink } from '../shipping/SellersLabelLink';
import { ShippingLinks } from '../shipping/ShippingLinks';
import { dashboardCrumb, hasParcel } from '../shipping/shipping-view';
import { OrderActions } from './OrderActions';
import { OrderMessageLink } from './OrderMessageLink';
import { addressLine, deliveryLabel, PICKUP_CODE_HELP } from './order-view';
import '../../styles/checkout.css';

interface OrderDetailViewProps {
  order: OrderDetail;
  onChanged: (order: OrderDetail) => void;
}

/** One order as its buyer or seller sees it: the item, the amounts, delivery, status, and the buyer's pickup code. */
export function OrderDetailView({ order, onChanged }: OrderDetailViewProps) {
  const buying = order.role === 'buying';
  const address = order.shipTo;
  return (
    <div className="checkout__layout">
      <CheckoutItem listing={order.listing} amount={order.amount} offer={order.offerRefnum !== null} />
      <div className="checkout__steps">
        {order.pickupCode && (
          <section className="checkout-panel" aria-labelledby="pickup-code-title">
            <h2 id="pickup-code-title">Your pickup code</h2>
            <p className="pickup-code">{order.pickupCode}</p>
            <p>{PICKUP_CODE_HELP}</p>
          </section>
        )}
        <section className="checkout-panel" aria-labelledby="order-facts-title">
          <h2 id="order-facts-title">Order</h2>
          <dl className="order-facts">
            <dt>Order number</dt>
            <dd>{order.orderId}</dd>
            <dt>Status</dt>
            <dd>{order.statusLabel}</dd>
            <dt>Placed</dt>
            <dd>{formatDate(order.createdAt)}</dd>
            <dt>{buying ? 'Seller' : 'Buyer'}</dt>
            <dd>{buying ? order.seller.name : order.buyer.name}</dd>
            <dt>Delivery</dt>
            <dd>{deliveryLabel(order)}</dd>
            {address && (
              <>
                <dt>Ships to</dt>
                <dd>{addressLine(address)}</dd>
              </>
            )}
          </dl>
          {!buying && (
            <dl className="amounts" aria-label="Your share">
              <dt>Yardly's commission</dt>
              <dd>{formatCents(order.commission)}</dd>
              <dt className="amounts__total">You receive</dt>
              <dd className="amounts__total">{formatCents(order.sellerReceives)}</dd>
            </dl>
          )}
        </section>
        <ShippingLinks order={order} />
        {!buying && hasParcel(order) && <SellersLabelLink orderId={order.orderId} />}
        <p className="order-card__links">
          <OrderMessageLink order={order} />
        </p>
        <ReturnLinks order={order} />
        <ReturnPanel order={order} />
        <OrderActions order={order} onChanged={onChanged} />
        {(order.status === 'delivered' || order.status === 'returned') && <OrderReviewPanel orderId={order.orderId} />}
        <p>
          <a href={dashboardCrumb(buying ? 'buying' : 'selling', order.status).href}>Go to My Dashboard</a>
        </p>
      </div>
    </div>
  );
}
