import { describe, expect, it } from 'vitest';
import { paidLines } from './order-card-view';

describe('what an order card says was paid', () => {
  it('an accepted offer: its price (not the asking price), shipping and the total', () => {
    const lines = paidLines({
      offerRefnum: 'O12345678901',
      deliveryMethod: 'ship',
      amount: { itemPrice: 4000, shipping: 899, rewards: 0, total: 4899 },
    });
    expect(lines).toEqual([
      { label: 'Offer price', value: '$40.00' },
      { label: 'Shipping', value: '$8.99' },
      { label: 'Total', value: '$48.99' },
    ]);
  });

  it('a Buy Now picked up, part paid by rewards', () => {
    const lines = paidLines({
      offerRefnum: null,
      deliveryMethod: 'pickup',
      amount: { itemPrice: 2500, shipping: 0, rewards: 500, total: 2000 },
    });
    expect(lines).toEqual([
      { label: 'Price paid', value: '$25.00' },
      { label: 'Shipping', value: 'Local pickup' },
      { label: 'Rewards', value: '\u2212$5.00' },
      { label: 'Total', value: '$20.00' },
    ]);
  });

  it('free shipping reads Free', () => {
    const lines = paidLines({
      offerRefnum: null,
      deliveryMethod: 'ship',
      amount: { itemPrice: 1000, shipping: 0, rewards: 0, total: 1000 },
    });
    expect(lines[1]).toEqual({ label: 'Shipping', value: 'Free' });
  });
});
