import { describe, expect, it } from 'vitest';
import { priceGuidanceText } from './price-guidance';

describe('priceGuidanceText', () => {
  it('reads the band in dollars and cents', () => {
    expect(priceGuidanceText(2252, 4755)).toBe('Similar items sold for $22.52-$47.55 near you');
  });

  it('names one price when the band is one', () => {
    expect(priceGuidanceText(4000, 4000)).toBe('Similar items sold for $40.00 near you');
  });
});
