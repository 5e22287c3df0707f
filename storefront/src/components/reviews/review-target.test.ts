import { describe, expect, it } from 'vitest';
import { reviewQuery, withoutLeaveFeedback } from './review-target';

describe('the leavefeedback value', () => {
  it('names an order by its id, or the caller’s order of a listing by the listing’s refnum', () => {
    expect(reviewQuery('R0123456789C')).toEqual({ orderId: 'R0123456789C' });
    expect(reviewQuery('L0123456789C')).toEqual({ listingRefnum: 'L0123456789C' });
  });

  it('leaves the address without it once the dialog is closed, keeping the rest', () => {
    expect(
      withoutLeaveFeedback('https://yardly.test/myquest/selling?sellFilter=ALL&leavefeedback=R0123456789C#top'),
    ).toBe('/myquest/selling?sellFilter=ALL#top');
    expect(withoutLeaveFeedback('https://yardly.test/buying?leavefeedback=L0123456789C')).toBe('/buying');
  });
});
