import { describe, expect, it } from 'vitest';
import { notificationText, notificationTitle } from './notifications';

describe('what a notification says', () => {
  it('names the seller of an offer to likers, its price and the listing (issue 37)', () => {
    expect(notificationText({ kind: 'offer_to_likers', amountCents: 1800, from: 'Ann L.' }, 'Teak side table')).toBe(
      'Ann L. offered $18.00 on “Teak side table”',
    );
    expect(notificationTitle('offer_to_likers')).toBe('An offer on an item you saved');
  });

  it("an offer's other steps keep their words", () => {
    expect(notificationText({ kind: 'offer_made', amountCents: 2000 }, 'Lamp')).toBe('New offer of $20.00 on “Lamp”');
  });
});
