import { describe, expect, it } from 'vitest';
import { priceDropText, savedSearchAlertText, savedSearchResultsPath } from './saved-searches';

describe('saved search words and addresses', () => {
  it('says what matched and what dropped, with the price in dollars', () => {
    expect(savedSearchAlertText('Red road bike', 8000)).toBe('New near you: Red road bike, $80.00');
    expect(priceDropText('Tall floor lamp', 4500)).toBe('Price dropped to $45.00 on Tall floor lamp');
    // The whole title, as the issue words it: never cut short like a card's.
    const long = 'Fellow Stagg EKG electric kettle, matte black, pour-over';
    expect(savedSearchAlertText(long, 12000)).toBe(`New near you: ${long}, $120.00`);
    expect(priceDropText(long, 9900)).toBe(`Price dropped to $99.00 on ${long}`);
  });

  it('opens a marketplace search on /products by its own names, and a rental one on /rentalslist', () => {
    expect(
      savedSearchResultsPath({
        kind: 'sale',
        filters: { q: 'bike', categoryRefnum: 'C00000000001', conditions: ['Like New', 'Good'], maxPrice: 9000, d: 10 },
      }),
    ).toBe('/products?q=bike&category=C00000000001&conditions%5B%5D=Like+New%7CGood&maxPrice=9000&d=10');
    expect(savedSearchResultsPath({ kind: 'rental', filters: { zip: '10001', bedrooms: 2 } })).toBe(
      '/rentalslist?zip=10001&bedrooms=2',
    );
  });
});
