import { joinCalls, rentalSimilarCalls, similarCalls } from '@yardly/shared/contract';
import { PRICE_GUIDANCE_LIMIT, priceGuidanceMessages } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import { rateLimits } from '../auth/rate-limits';
import { moreFromSeller, similarListings } from './listings';
import { priceGuidance } from './price-guidance';
import { moreFromLandlord, similarRentals } from './rentals';

/**
 * Issue 37, items 4 and 5 (docs/decisions/0058): similar items and more from the seller beside an
 * item or a rental, and local price guidance on the sell form. Read-only calls over the search's
 * own visibility and indexes.
 */
export const similarCapability = defineCapability({
  name: 'similar',
  calls: joinCalls(similarCalls, rentalSimilarCalls),
  handlers: ({ db, clock, config }) => ({
    similar: ({ query, caller }) => similarListings(db, query, caller, clock.now()),
    moreFromSeller: ({ query, caller }) => moreFromSeller(db, query, caller, clock.now()),
    // Open (guidance is no secret, and the sell form may be filled before signing in), counted per
    // client address as the other open look-ups are (ADDRESS_LIMIT_FACTOR widens it).
    priceGuidance: async ({ query, request }) => {
      const limit = { ...PRICE_GUIDANCE_LIMIT, max: PRICE_GUIDANCE_LIMIT.max * config.addressLimitFactor };
      await rateLimits(db, clock).spend(`price-guidance:${request.ip}`, limit, priceGuidanceMessages.tooMany);
      return priceGuidance(db, query, clock.now());
    },
    similarRentals: ({ query, caller }) => similarRentals(db, query.refnum, caller),
    moreFromLandlord: ({ query, caller }) => moreFromLandlord(db, query.refnum, caller),
  }),
});
