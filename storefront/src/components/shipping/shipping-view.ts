import type { OrderSummary } from '@yardly/shared/contract';
import {
  BUY_FILTER_ORDER_STATES,
  type OrderState,
  orderEventsFor,
  PARCEL_STATUS_LABELS,
  type ParcelStatus,
  SELL_FILTER_ORDER_STATES,
} from '@yardly/shared/rules';
import { dashboardPath } from '../../lib/selling-paths';

/** The pages of issue 19, addressed by listing as the spec names them (section 2). */
export const shippingLabelPath = (listingRefnum: string) =>
  `/shipping-label?listingRefnum=${encodeURIComponent(listingRefnum)}`;
export const sellerTrackPath = (listingRefnum: string) =>
  `/seller-track?listingRefnum=${encodeURIComponent(listingRefnum)}`;
export const buyerTrackPath = (listingRefnum: string) =>
  `/buyer-track?listingRefnum=${encodeURIComponent(listingRefnum)}`;
export const confirmReceivedPath = (orderId: string) => `/confirm-item-received?orderId=${encodeURIComponent(orderId)}`;

/** The seller's "Print shipping label": shown when the order process lets the seller take `ship` now. */
export function mayPrintLabel(order: Pick<OrderSummary, 'status' | 'role' | 'deliveryMethod'>): boolean {
  if (order.role !== 'selling') return false;
  return orderEventsFor(order.status, 'seller', { pickup: order.deliveryMethod === 'pickup' }).includes('ship');
}

/** Whether the order has a parcel to follow: a shipped order once the label was bought (it left `paid`), not cancelled. */
export function hasParcel(order: Pick<OrderSummary, 'status' | 'deliveryMethod'>): boolean {
  return order.deliveryMethod === 'ship' && order.status !== 'paid' && order.status !== 'cancelled';
}

export function parcelStatusLabel(status: ParcelStatus): string {
  return PARCEL_STATUS_LABELS[status];
}

export const LABEL_BOUGHT = 'Shipping label bought: print it and attach it to the parcel';
export const RECEIPT_CONFIRMED = 'Thank you: the order is complete and the seller is paid';

/**
 * The "Selling" or "Buying" crumb of an order's pages: My Dashboard's tab, on the filter that
 * lists the order in `status` (never '/selling' or '/buying', which the spec makes the home page).
 */
export function dashboardCrumb(side: 'buying' | 'selling', status?: OrderState): { label: string; href: string } {
  if (side === 'selling') {
    const filter = Object.entries(SELL_FILTER_ORDER_STATES).find(
      ([name, states]) => name !== 'ALL' && status !== undefined && (states as readonly string[]).includes(status),
    )?.[0];
    return { label: 'Selling', href: dashboardPath('selling', { sellFilter: filter }) };
  }
  const filter = Object.entries(BUY_FILTER_ORDER_STATES).find(
    ([, states]) => status !== undefined && (states as readonly string[]).includes(status),
  )?.[0];
  return { label: 'Buying', href: dashboardPath('buying', { buyFilter: filter ?? 'IN_PROGRESS' }) };
}
