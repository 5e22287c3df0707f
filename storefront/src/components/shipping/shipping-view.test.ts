import { describe, expect, it } from 'vitest';
import { buyerTrackPath, dashboardCrumb, hasParcel, mayPrintLabel, shippingLabelPath } from './shipping-view';

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

describe("the order pages' Selling and Buying crumbs (issue 33)", () => {
  it('lead to My Dashboard on the filter that lists the order, never to /selling or /buying (the home page)', () => {
    expect(dashboardCrumb('selling', 'paid')).toEqual({
      label: 'Selling',
      href: '/myquest/selling?sellFilter=ACTIVE_AND_TO_BE_SHIPPED',
    });
    expect(dashboardCrumb('selling', 'shipped').href).toBe('/myquest/selling?sellFilter=SOLD_AND_DELIVERED');
    expect(dashboardCrumb('selling', 'returning').href).toBe('/myquest/selling?sellFilter=RETURNED');
    expect(dashboardCrumb('selling').href).toBe('/myquest/selling');
    expect(dashboardCrumb('buying', 'shipped')).toEqual({
      label: 'Buying',
      href: '/myquest/buying?buyFilter=IN_PROGRESS',
    });
    expect(dashboardCrumb('buying', 'arrived').href).toBe('/myquest/buying?buyFilter=DELIVERED');
    expect(dashboardCrumb('buying').href).toBe('/myquest/buying?buyFilter=IN_PROGRESS');
  });
});
