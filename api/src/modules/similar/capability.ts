import { joinCalls, rentalSimilarCalls, similarCalls } from '@yardly/shared/contract';
import { PRICE_GUIDANCE_LIMIT, priceGuidanceMessages } from '@yardly/shared/rules';
import { sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import { defineCapability } from '../../http/capability';
import { minutesUntil, rateLimits } from '../auth/rate-limits';
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
    // client address as the other open look-ups are (ADDRESS_LIMIT_FACTOR widens it). The count is
    // committed without waiting for its WAL to reach the disk: a crash may forget the last few
    // calls' counts, and calls from one address no longer queue on the counter's row for a disk
    // flush each (ADR 0068).
    priceGuidance: async ({ query, request }) => {
      const limit = { ...PRICE_GUIDANCE_LIMIT, max: PRICE_GUIDANCE_LIMIT.max * config.addressLimitFactor };
      const opensAt = await db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        return rateLimits(tx, clock).take(`price-guidance:${request.ip}`, limit);
      });
      if (opensAt) {
        throw new AppError(429, priceGuidanceMessages.tooMany(minutesUntil(opensAt.getTime() - clock.now().getTime())));
      }
      return priceGuidance(db, query, clock.now());
    },
    similarRentals: ({ query, caller }) => similarRentals(db, query.refnum, caller),
    moreFromLandlord: ({ query, caller }) => moreFromLandlord(db, query.refnum, caller),
  }),
});
