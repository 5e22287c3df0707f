import {
  type OfferEvent,
  type OfferLineEvent,
  type OfferState,
  offerLine,
  offerNotificationKind,
} from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { offers } from '../../db/schema/index';
import type { Effect } from '../../process/transition';
import type { AppServices } from '../../services';
import { appendSystemLine } from '../messages/lines';
import { offerToLikerNotice } from './likers';

/**
 * How the other side is told (issue 17): every offer step leaves its line in the conversation of
 * the listing and the buyer ('Offered $40.00', 'Countered $45.00', 'Accepted', 'Expired'), in the
 * step's own transaction, and the live stream carries it to both parties' open pages; the party
 * who did not take the step is notified (in-app, push, email while away).
 */
export function offerLinesEffect(s: Pick<AppServices, 'clock' | 'live' | 'jobs'>): Effect<OfferState, OfferEvent> {
  return async (tx, done) => {
    const [offer] = await tx
      .select({
        listingId: offers.listingId,
        buyerId: offers.buyerId,
        priceCents: offers.priceCents,
        parentId: offers.parentId,
      })
      .from(offers)
      .where(eq(offers.id, done.subjectId));
    if (!offer) return;
    const step = lineStepOf(done.event, offer);
    if (!step) return;
    await appendSystemLine(tx, s, {
      listingId: offer.listingId,
      buyerId: offer.buyerId,
      text: offerLine(step),
      actorId: done.by.userId,
      // A seller's offer to likers names the seller to the person who saved the listing.
      notice:
        done.event === 'offerToLiker'
          ? await offerToLikerNotice(tx, offer.listingId, offer.priceCents)
          : { kind: offerNotificationKind(step), amountCents: 'amountCents' in step ? step.amountCents : undefined },
    });
  };
}

/** The line an event leaves; a counter's line comes with the new offer it makes (its price). */
function lineStepOf(event: OfferEvent, offer: { priceCents: number; parentId: number | null }): OfferLineEvent | null {
  switch (event) {
    case 'make':
      return { event: offer.parentId === null ? 'offered' : 'countered', amountCents: offer.priceCents };
    case 'offerToLiker':
      return { event: 'offered', amountCents: offer.priceCents };
    case 'counter':
    // The order's cancel or the relisting tells the parties itself.
    case 'close':
      return null;
    case 'accept':
      return { event: 'accepted' };
    case 'decline':
    case 'supersede':
      return { event: 'declined' };
    case 'withdraw':
    case 'cancel':
      return { event: 'cancelled' };
    case 'expire':
    case 'lapse':
      return { event: 'expired' };
  }
}
