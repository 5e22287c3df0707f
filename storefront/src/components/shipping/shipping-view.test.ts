import { describe, expect, it } from 'vitest';
import { buyerTrackPath, hasParcel, mayPrintLabel, shippingLabelPath } from './shipping-view';

const order = (status: string, role: 'buying' | 'selling', deliveryMethod: 'ship' | 'pickup' = 'ship') =>
  ({ status, role, deliveryMethod }) as Parameters<typeof mayPrintLabel>[0];

describe('the order screens’ shipping links', () => {
  it('Print shipping label only for the seller of a paid shipped order (the process’s ship)', () => {
    expect(mayPrintLabel(order('paid', 'selling'))).toBe(true);
    expect(mayPrintLabel(order('paid', 'buying'))).toBe(false);
    expect(mayPrintLabel(order('awaiting_pickup', 'selling', 'pickup'))).toBe(false);
    expect(mayPrintLabel(order('shipped', 'selling'))).toBe(false);
    expect(mayPrintLabel(order('cancelled', 'selling'))).toBe(false);
  });

  it('Track once the label is bought, for both sides, never for a pickup or a cancelled order', () => {
    for (const status of ['shipped', 'arrived', 'delivered', 'returning', 'returned'])
      expect(hasParcel(order(status, 'buying'))).toBe(true);
    expect(hasParcel(order('paid', 'selling'))).toBe(false);
    expect(hasParcel(order('cancelled', 'buying'))).toBe(false);
    expect(hasParcel(order('delivered', 'buying', 'pickup'))).toBe(false);
  });

  it('addresses the pages by listing, as the spec names them', () => {
    expect(shippingLabelPath('L123')).toBe('/shipping-label?listingRefnum=L123');
    expect(buyerTrackPath('L123')).toBe('/buyer-track?listingRefnum=L123');
  });
});
