import type { OfferEvent, OfferState } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { offers, offerThreads } from '../../db/schema/index';
import type { Effect } from '../../process/transition';
import type { AppServices } from '../../services';
import { selectOffers, toOffer } from './view';

/**
 * Every offer step, a timer's expiry included, tells both parties' open pages the offer as it
 * now is (live event `offer`), so an offers page or dashboard follows without a reload. Its
 * events wait with the step's conversation line's for the end of the transaction, where every
 * person's live lock is taken in one pass.
 */
export function offerLiveEffect(s: Pick<AppServices, 'live'>): Effect<OfferState, OfferEvent> {
  return async (tx, done) => {
    const [row] = await selectOffers(tx).where(eq(offers.id, done.subjectId));
    const [thread] = await tx
      .select({ buyerId: offerThreads.buyerId, sellerId: offerThreads.sellerId })
      .from(offerThreads)
      .innerJoin(offers, eq(offers.threadId, offerThreads.id))
      .where(eq(offers.id, done.subjectId));
    if (!row || !thread) return;
    await s.live.record(
      tx,
      [thread.buyerId, thread.sellerId].map((userId) => ({
        userId,
        type: 'offer',
        payload: { offer: toOffer(row, done.at, userId) },
      })),
    );
  };
}
