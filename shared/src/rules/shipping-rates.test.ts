import { describe, expect, it } from 'vitest';
import { shippingCents, shippingPriceLabel, weightClassOf } from './shipping-rates';

describe('shipping by weight class', () => {
  it.each([
    [0.5, 599],
    [1, 599],
    [1.01, 899],
    [3, 899],
    [9.99, 1299],
    [20, 1999],
  ])('%d lbs ships for %d cents', (weightLbs, cents) => {
    expect(shippingCents({ weightLbs, offerFreeDelivery: false })).toBe(cents);
  });

  it('costs the buyer nothing when the seller pays it (Free Shipping)', () => {
    expect(shippingCents({ weightLbs: 12, offerFreeDelivery: true })).toBe(0);
    expect(weightClassOf(12).label).toBe('10 to 20 lbs');
  });
});

describe("an item page's shipping price", () => {
  it('says the price, Free Shipping, or local pickup only', () => {
    expect(shippingPriceLabel(1299)).toBe('Shipping $12.99');
    expect(shippingPriceLabel(0)).toBe('Free Shipping');
    expect(shippingPriceLabel(null)).toBe('Local pickup only');
  });
});
