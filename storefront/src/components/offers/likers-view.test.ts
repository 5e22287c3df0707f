import { describe, expect, it } from 'vitest';
import {
  likersButtonLabel,
  likersLead,
  nextOfferToLikersNote,
  parseLikersOffer,
  suggestedLikersOffer,
} from './likers-view';
import { OFFER_INPUT_MESSAGE } from './offer-view';

describe('Offer to likers, as the seller reads it (issue 37)', () => {
  it('names how many saved the listing', () => {
    expect(likersButtonLabel(3)).toBe('Offer to likers (3)');
    expect(likersLead(1, 2500, 24)).toBe(
      'Offer a price below $25.00 to the 1 person who saved this listing. Each can accept it for 24 hours; you can make one offer to likers a day.',
    );
    expect(likersLead(4, 2500, 24)).toContain('to the 4 people who saved');
  });

  it('starts at 10% off and takes only a price below the current one, in whole cents', () => {
    expect(suggestedLikersOffer(2500)).toBe('22.5');
    expect(suggestedLikersOffer(1)).toBe('');
    expect(parseLikersOffer('20', 2500)).toEqual({ cents: 2000 });
    expect(parseLikersOffer('24.99', 2500)).toEqual({ cents: 2499 });
    expect(parseLikersOffer('25', 2500)).toEqual({
      error: 'An offer to likers must be below the listing price of $25.00',
    });
    expect(parseLikersOffer('abc', 2500)).toEqual({ error: OFFER_INPUT_MESSAGE });
  });

  it('says when the next one can be made', () => {
    expect(nextOfferToLikersNote('2026-11-29T18:07:00Z')).toMatch(
      /^Offer to likers sent\. You can make the next one after 29 Nov 2026, \d\d:07\.$/,
    );
  });
});
