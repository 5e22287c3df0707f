import { DONATION_OPEN_STATES, donationMessages, listingProcess } from '@yardly/shared/rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { conversations, donationOrders, listings, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { SYSTEM, start } from '../../process/transition';
import type { ListingRow } from '../listings/access';
import { catchUpTimers, takeListingEvent } from '../listings/process';
import { appendSystemLine } from '../messages/lines';
import { mayTradeOn } from '../organisation-marketplace/visibility';
import { recipientCharity } from './recipient';
import type { DonationDeps } from './steps';

const alreadyRequested = () => AppError.conflict(donationMessages.alreadyRequested, 'already_requested');

/**
 * Refuses a request for `listing` in the words a person reads: their own item (403), a caller who
 * is not a recipient (403), no such listing to see (404), not a donation or already requested or
 * no longer on offer (409). Own item first: a donor who also works for a charity is told that.
 */
async function assertRequestable(tx: Db, caller: Caller, listing: ListingRow | undefined, isRecipient: boolean) {
  if (listing && listing.sellerId === caller.userId) {
    throw new AppError(403, donationMessages.ownItem, { reason: 'own_item' });
  }
  if (!isRecipient) throw new AppError(403, donationMessages.notRecipient, { reason: 'not_recipient' });
  // An organisation's listing is for its members only (issue 23): for anyone else it does not exist.
  if (
    !listing ||
    listing.state === 'draft' ||
    listing.state === 'deleted' ||
    !(await mayTradeOn(tx, listing, caller.userId))
  ) {
    throw new AppError(404, donationMessages.notAvailable, { reason: 'listing_not_found' });
  }
  if (!listing.isDonation) throw AppError.conflict(donationMessages.notDonation, 'not_donation');
  const [open] = await tx
    .select({ id: donationOrders.id })
    .from(donationOrders)
    .where(and(eq(donationOrders.listingId, listing.id), inArray(donationOrders.state, [...DONATION_OPEN_STATES])));
  if (open) throw alreadyRequested();
}

/**
 * The first line of the donor and the recipient's conversation: who asks, for which charity, and
 * what the donor does next (a line is plain text: the way to the confirmation page is the item
 * page's donation panel and the donor's notification, which link there).
 */
async function requestLine(tx: Db, recipientId: number, charityName: string): Promise<string> {
  const [recipient] = await tx
    .select({ first: users.nameFirst, last: users.nameLast })
    .from(users)
    .where(eq(users.id, recipientId));
  const name = `${recipient?.first ?? ''} ${recipient?.last ?? ''}`.trim();
  return `${name} requested this donation for ${charityName}. Please confirm a pickup address from the item's page.`;
}

/**
 * A recipient requests a donation listing (`POST /svc/donations/placeOrder`), in one transaction:
 * the listing (locked first, so two requests queue) is reserved for them, the donation order is
 * made `requested` with its seven-day lapse timer, donor and recipient share a conversation
 * whose first line links the donor to the confirmation page, and the donor is notified (and
 * mailed). One open order per listing: the second of two requests at once finds the first (409),
 * and the partial unique index stands behind it.
 */
export function placeOrderWith(deps: DonationDeps) {
  return async (caller: Caller, listingRefnum: string) => {
    const now = deps.clock.now();
    const charity = await recipientCharity(deps.db, caller);
    try {
      return await deps.db.transaction(async (tx) => {
        const [listing] = await tx.select().from(listings).where(eq(listings.refnum, listingRefnum)).for('update');
        await assertRequestable(tx, caller, listing, charity !== null);
        if (!listing || !charity) throw new Error('unreachable: assertRequestable let a request through');
        const state = await catchUpTimers(tx, listing, now);
        if (state !== 'live') {
          throw AppError.conflict(donationMessages.notAvailable, listingProcess.states[state].refusal);
        }
        await takeListingEvent(tx, { ...listing, state }, 'reserve', SYSTEM, now);
        await appendSystemLine(tx, deps, {
          listingId: listing.id,
          buyerId: caller.userId,
          text: await requestLine(tx, caller.userId, charity.name),
          actorId: caller.userId,
          notice: { kind: 'message' },
        });
        const [conversation] = await tx
          .select({ id: conversations.id, refnum: conversations.refnum })
          .from(conversations)
          .where(and(eq(conversations.listingId, listing.id), eq(conversations.buyerId, caller.userId)));
        if (!conversation) throw new Error('the donation conversation was not opened');
        const refnum = newRefnum('donationOrder');
        const _done = await start(
          tx,
          deps.runner,
          'request',
          { userId: caller.userId, role: 'buyer' },
          {
            facts: {},
            values: (timers) => ({
              refnum,
              listingId: listing.id,
              donorId: listing.sellerId,
              recipientId: caller.userId,
              organizationId: charity.id,
              conversationId: conversation.id,
              confirmBy: timers.find((timer) => timer.event === 'lapse')?.at ?? now,
              createdAt: now,
              updatedAt: now,
            }),
            now,
          },
        );
        return { donationOrderId: refnum, conversationId: conversation.refnum };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyRequested();
      throw error;
    }
  };
}
