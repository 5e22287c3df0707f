import { authMessages, orderPagePath } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { checkouts, listings, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { notify } from '../notifications/notify';
import type { ProviderIntent } from '../payments/provider';
import { type AfterCommit, type CheckoutRow, orderOfCheckout, type PlaceDeps, placeCheckoutWith } from './place';

/** What completing a checkout came to. */
export type Completion =
  /** The order is placed now, and its buyer told. */
  | 'placed'
  /** An order was placed for it before (by the buyer's page, or an earlier completion): nothing to do. */
  | 'already_placed'
  /** The buyer may not have the item now: the authorisation is released (no money taken), the buyer told. */
  | 'released'
  /** The intent is not authorised (never paid, or already released): nothing to do. */
  | 'not_authorised'
  /** No checkout of ours names this intent (another integration's payment): ignored. */
  | 'no_checkout';

/**
 * The buyer of a checkout as the placing reads a caller (who they are), or null for a blocked
 * account: it buys nothing, even with a card authorised before it was blocked.
 */
async function buyerOf(tx: Db, checkout: CheckoutRow): Promise<Caller | null> {
  const [buyer] = await tx
    .select({ refnum: users.refnum, blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.id, checkout.buyerId));
  if (!buyer || buyer.blockedAt) return null;
  return {
    userId: checkout.buyerId,
    userRefnum: buyer.refnum,
    sessionId: '',
    roles: [],
    isProgressive: false,
    isProfessionVerified: false,
    companyStatus: null,
  };
}

async function listingOf(tx: Db, listingId: number): Promise<{ title: string; page: string | null }> {
  const [listing] = await tx
    .select({ title: listings.title, refnum: listings.refnum })
    .from(listings)
    .where(eq(listings.id, listingId));
  // No order came of it: the notice leads back to the item's page.
  return { title: listing?.title ?? 'your item', page: listing ? `/${listing.refnum}` : null };
}

/**
 * Completes a checkout without the buyer's page (issue 18: a tab closed after the card was
 * authorised): Stripe's "authorised" webhook and the sweep of abandoned authorisations place the
 * order of an authorised intent exactly as `POST /svc/orders/place` would, as the checkout's
 * buyer (place.ts), and tell the buyer either way. Runs in the caller's transaction `tx`, the
 * checkout locked first, so two completions of one checkout (a webhook and the sweep) queue and
 * the second finds the order; the buyer's own `orders/place` at the same moment queues on the
 * listing's lock and answers the same order. The provider is written to only after the commit
 * (`afterCommit`): the capture for the committed order, or the loser's release.
 */
export function completeCheckoutWith(deps: PlaceDeps) {
  const placeCheckout = placeCheckoutWith(deps);
  return async (
    tx: Db,
    intentId: string,
    readIntent: () => Promise<ProviderIntent>,
    afterCommit: AfterCommit,
  ): Promise<Completion> => {
    const [checkout] = await tx
      .select()
      .from(checkouts)
      .where(eq(checkouts.paymentIntentId, intentId))
      // Not FOR UPDATE: the buyer's own placing, holding the listing, takes a key-share lock on this
      // row when its order names it, and must not wait for us while we wait for the listing.
      .for('no key update');
    if (!checkout || checkout.provider !== deps.payments.name) return 'no_checkout';
    if (await orderOfCheckout(tx, checkout.id)) return 'already_placed';
    // Read once the checkout is ours and open: an event's body may be stale, the provider is not.
    const intent = await readIntent();
    if (intent.status !== 'requires_capture') return 'not_authorised';
    const release = () => deps.payments.cancel(intentId, `cancel:${intentId}`);
    // Lost before, but its release did not reach the provider then: released now, told once already.
    if (checkout.lostAt) {
      await afterCommit(release);
      return 'released';
    }
    const { title, page } = await listingOf(tx, checkout.listingId);
    const released = async (why: string): Promise<Completion> => {
      await notify(
        tx,
        [checkout.buyerId],
        `Your payment for ${title} did not become an order (${why}): nothing was charged and the hold on your card is released.`,
        page,
      );
      return 'released';
    };
    const buyer = await buyerOf(tx, checkout);
    if (!buyer) {
      await tx
        .update(checkouts)
        .set({ lostAt: deps.clock.now(), lostMessage: authMessages.accountBlocked })
        .where(eq(checkouts.id, checkout.id));
      await afterCommit(release);
      return released(authMessages.accountBlocked);
    }
    try {
      const order = await placeCheckout(tx, checkout, buyer, intent, afterCommit);
      await notify(
        tx,
        [checkout.buyerId],
        `Your payment went through: your order for ${title} is placed.`,
        orderPagePath(order.refnum),
      );
      return 'placed';
    } catch (error) {
      // A refusal: placeCheckout marked the checkout lost and released the authorisation.
      if (!(error instanceof AppError)) throw error;
      return released(error.message);
    }
  };
}

export type CompleteCheckout = ReturnType<typeof completeCheckoutWith>;
