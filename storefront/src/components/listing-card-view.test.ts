import { describe, expect, it } from 'vitest';
import { cardLabels, cardPriceText } from './listing-card-view';

const sale = { listingCurrentPrice: 4500, isDonation: false, offerFreeDelivery: false, buyNow: true };
const donation = { listingCurrentPrice: 0, isDonation: true, offerFreeDelivery: false, buyNow: true };

describe('a listing card’s price and chips', () => {
  it('shows a sale’s price and how it is bought', () => {
    expect(cardPriceText(sale)).toBe('$45.00');
    expect(cardLabels(sale).map((l) => l.text)).toEqual(['Buy Now']);
    expect(cardLabels({ ...sale, buyNow: false, offerFreeDelivery: true }).map((l) => l.text)).toEqual([
      'Free Shipping',
      'Make Offer',
    ]);
  });

  it('shows a donation as a free gift, never $0.00 nor Buy Now or Make Offer', () => {
    expect(cardPriceText(donation)).toBe('Free');
    const texts = cardLabels(donation).map((l) => l.text);
    expect(texts).toEqual(['Free gift (donation)']);
    expect(cardLabels({ ...donation, buyNow: false, offerFreeDelivery: true }).map((l) => l.text)).toEqual([
      'Free gift (donation)',
    ]);
  });

  it('keeps a free (non-donation) item’s $0.00 price: it is sold locally, not given away', () => {
    expect(cardPriceText({ ...sale, listingCurrentPrice: 0 })).toBe('$0.00');
  });
});
