/**
 * Checkout's addresses (spec section 2): `/checkout?itemRefnum=` for Buy Now, with
 * `&offerRefnum=` when the buyer pays an accepted offer, and `/orderconfirmation?listingRefnum=&orderId=`.
 */

export interface CheckoutRef {
  itemRefnum: string;
  /** The accepted offer paid for; absent for Buy Now. */
  offerRefnum?: string;
}

const REFNUM = /^[A-Za-z0-9]{1,40}$/;

export function checkoutPath(ref: CheckoutRef): string {
  const params = new URLSearchParams({ itemRefnum: ref.itemRefnum });
  if (ref.offerRefnum) params.set('offerRefnum', ref.offerRefnum);
  return `/checkout?${params}`;
}

/** What `/checkout`'s query names; null when it names no item. */
export function readCheckoutRef(search: string): CheckoutRef | null {
  const params = new URLSearchParams(search);
  const itemRefnum = params.get('itemRefnum') ?? '';
  const offerRefnum = params.get('offerRefnum') ?? '';
  if (!REFNUM.test(itemRefnum)) return null;
  return REFNUM.test(offerRefnum) ? { itemRefnum, offerRefnum } : { itemRefnum };
}

export interface OrderRef {
  listingRefnum: string;
  orderId: string;
}

export function orderConfirmationPath(ref: OrderRef): string {
  return `/orderconfirmation?${new URLSearchParams({ listingRefnum: ref.listingRefnum, orderId: ref.orderId })}`;
}

/** What `/orderconfirmation`'s query names; null without an order id. */
export function readOrderRef(search: string): OrderRef | null {
  const params = new URLSearchParams(search);
  const orderId = params.get('orderId') ?? '';
  const listingRefnum = params.get('listingRefnum') ?? '';
  return REFNUM.test(orderId) ? { orderId, listingRefnum } : null;
}

/** One order's page (where the order notifications lead). */
export function orderPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}`;
}
