/**
 * The returns' addresses (spec section 2): `/return-reason?listingRefnum=&orderId=` where the
 * buyer says why, and `/return-track?listingRefnum=` where both sides follow the return.
 */

const REFNUM = /^[A-Za-z0-9]{1,40}$/;

export interface ReturnReasonRef {
  listingRefnum: string;
  orderId: string;
}

export function returnReasonPath(ref: ReturnReasonRef): string {
  return `/return-reason?${new URLSearchParams({ listingRefnum: ref.listingRefnum, orderId: ref.orderId })}`;
}

/** What `/return-reason`'s query names; null without an order id. */
export function readReturnReasonRef(search: string): ReturnReasonRef | null {
  const params = new URLSearchParams(search);
  const orderId = params.get('orderId') ?? '';
  const listingRefnum = params.get('listingRefnum') ?? '';
  return REFNUM.test(orderId) ? { orderId, listingRefnum: REFNUM.test(listingRefnum) ? listingRefnum : '' } : null;
}

export function returnTrackPath(listingRefnum: string): string {
  return `/return-track?${new URLSearchParams({ listingRefnum })}`;
}

/** The listing `/return-track` names; null when it names none. */
export function readReturnTrackRef(search: string): string | null {
  const listingRefnum = new URLSearchParams(search).get('listingRefnum') ?? '';
  return REFNUM.test(listingRefnum) ? listingRefnum : null;
}
