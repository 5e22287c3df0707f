import { describe, expect, it } from 'vitest';
import { checkoutPath, orderConfirmationPath, orderPath, readCheckoutRef, readOrderRef } from './checkout-paths';

describe('checkout addresses', () => {
  it('name the item, and the accepted offer when one is paid, and read back', () => {
    expect(checkoutPath({ itemRefnum: 'L0123456789A' })).toBe('/checkout?itemRefnum=L0123456789A');
    const offer = checkoutPath({ itemRefnum: 'L0123456789A', offerRefnum: 'O0123456789B' });
    expect(offer).toBe('/checkout?itemRefnum=L0123456789A&offerRefnum=O0123456789B');
    expect(readCheckoutRef(offer.slice('/checkout'.length))).toEqual({
      itemRefnum: 'L0123456789A',
      offerRefnum: 'O0123456789B',
    });
  });

  it('name no item for a missing or malformed refnum, and drop a malformed offer', () => {
    expect(readCheckoutRef('')).toBeNull();
    expect(readCheckoutRef('?itemRefnum=../x')).toBeNull();
    expect(readCheckoutRef('?itemRefnum=L1&offerRefnum=<b>')).toEqual({ itemRefnum: 'L1' });
  });

  it('lead to the confirmation with the listing and the order, and to an order’s page', () => {
    const path = orderConfirmationPath({ listingRefnum: 'L0123456789A', orderId: 'R0123456789C' });
    expect(path).toBe('/orderconfirmation?listingRefnum=L0123456789A&orderId=R0123456789C');
    expect(readOrderRef(path.slice('/orderconfirmation'.length))).toEqual({
      listingRefnum: 'L0123456789A',
      orderId: 'R0123456789C',
    });
    expect(readOrderRef('?listingRefnum=L1')).toBeNull();
    expect(orderPath('R0123456789C')).toBe('/orders/R0123456789C');
  });
});
