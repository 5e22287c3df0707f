import { formatCents, orderMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { checkouts, listings, orders } from '../../db/schema/index';
import { SYSTEM } from '../../process/transition';
import { sellerAccount } from '../ledger/accounts';
import { balanceOf } from '../ledger/ledger';
import {
  cardCents,
  cardRefundedCents,
  labelDeductedCents,
  postCardRefundMade,
  postOrderRefunded,
  sellerShareCents,
} from '../ledger/order-postings';
import { postStripeFullRefund, postStripePartialRefund } from '../ledger/stripe-refund-postings';
import { notify } from '../notifications/notify';
import { cardRefundOfProviderRefund } from '../payments/card-refunds/outcome';
import type { PaymentEventRegistry } from '../payments/webhook-registry';
import { releaseCancelledOrdersListing } from './cancelled-listing';
import { type OrderRow, type OrderRunner, takeOrderEvent } from './process';

interface Deps {
  clock: Clock;
  orderRunner: OrderRunner;
}

const orderLink = (order: OrderRow) => `/orders/${order.refnum}`;

async function lockedOrderOfIntent(tx: Db, intentId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.paymentIntentId, intentId)).for('update');
  return order;
}

/**
 * `charge.refunded` (a refund made in Stripe's dashboard, or Stripe's word on one of ours): what
 * Stripe has refunded of the intent, re-read, less what the ledger has given back is new; nothing
 * new, nothing done, so the event is applied once however often it arrives. A part is posted
 * (the platform gives it); the whole ends the order through the order process: cancelled before
 * the item moved, returned after. Both sides are told.
 */
async function onChargeRefunded(tx: Db, deps: Deps, intentId: string, refundedAtStripe: number): Promise<void> {
  const order = await lockedOrderOfIntent(tx, intentId);
  if (!order) return;
  const already = await cardRefundedCents(tx, order.id);
  const fresh = refundedAtStripe - already;
  if (fresh <= 0) return;
  const now = deps.clock.now();
  const whole = refundedAtStripe >= cardCents(order);
  if (whole && (order.state === 'paid' || order.state === 'awaiting_pickup')) {
    await takeOrderEvent(tx, deps.orderRunner, order, 'refundAtStripe', SYSTEM, now);
    await releaseCancelledOrdersListing(tx, order, now, 'orderCancelled');
    await postStripeFullRefund(tx, order, already, 'before_shipping', now);
  } else if (whole && (order.state === 'shipped' || order.state === 'arrived' || order.state === 'delivered')) {
    await takeOrderEvent(tx, deps.orderRunner, order, 'refundAtStripeAfterShipping', SYSTEM, now);
    const part = order.state === 'delivered' ? 'available' : 'pending';
    const share = sellerShareCents(order) - (await labelDeductedCents(tx, order));
    const held = Math.max(0, await balanceOf(tx, sellerAccount(order.sellerId, part)));
    await postStripeFullRefund(tx, order, already, { part, cents: Math.min(share, held) }, now);
  } else {
    // A part, or the rest of an order already over or in a return: the platform gives it.
    await postStripePartialRefund(tx, order, fresh, now);
  }
  if (whole && order.state !== 'cancelled' && order.state !== 'returned' && order.state !== 'returning') {
    await notify(tx, [order.buyerId], orderMessages.refundedInFullBuyer, orderLink(order));
    await notify(tx, [order.sellerId], orderMessages.refundedInFullSeller, orderLink(order));
    return;
  }
  await notify(
    tx,
    [order.buyerId],
    `Yardly refunded ${formatCents(fresh)} of your payment for this order`,
    orderLink(order),
  );
  await notify(
    tx,
    [order.sellerId],
    `Yardly refunded the buyer ${formatCents(fresh)} of this order: your share is unchanged`,
    orderLink(order),
  );
}

/**
 * `payment_intent.canceled` (Stripe cancels an authorisation never captured, after 7 days): a
 * checkout with no order is released (lost); an order whose money was never taken is cancelled
 * through the order process, its sale undone in the ledger, its listing back, both sides told.
 * An order that moved on, or one cancelled by Yardly (its own release), is left alone.
 */
async function onIntentCanceled(tx: Db, deps: Deps, intentId: string): Promise<void> {
  const now = deps.clock.now();
  const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.paymentIntentId, intentId)).for('update');
  if (!checkout) return;
  const order = await lockedOrderOfIntent(tx, intentId);
  if (!order) {
    if (!checkout.lostAt) {
      await tx
        .update(checkouts)
        .set({ lostAt: now, lostMessage: 'The card authorisation expired' })
        .where(eq(checkouts.id, checkout.id));
    }
    return;
  }
  if (order.state !== 'paid' && order.state !== 'awaiting_pickup') return;
  await takeOrderEvent(tx, deps.orderRunner, order, 'authorisationExpired', SYSTEM, now);
  await releaseCancelledOrdersListing(tx, order, now, 'orderCancelled');
  // Stripe released the authorisation: nothing was taken, so what the card is owed is given back now.
  const posted = await postOrderRefunded(tx, order, now);
  if (posted.owedCents > 0) await postCardRefundMade(tx, order, posted.owedCents, now);
  await notify(tx, [order.buyerId], orderMessages.authorisationExpiredBuyer, orderLink(order));
  await notify(tx, [order.sellerId], orderMessages.authorisationExpiredSeller, orderLink(order));
}

/** `payment_intent.payment_failed`: the buyer's card was refused on a checkout with no order yet; they are told why. */
async function onPaymentFailed(tx: Db, intentId: string, failure: string | undefined): Promise<void> {
  const [checkout] = await tx
    .select({ id: checkouts.id, buyerId: checkouts.buyerId, title: listings.title, listing: listings.refnum })
    .from(checkouts)
    .innerJoin(listings, eq(listings.id, checkouts.listingId))
    .where(eq(checkouts.paymentIntentId, intentId));
  if (!checkout) return;
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout.id));
  if (order) return;
  await notify(
    tx,
    [checkout.buyerId],
    `Your payment for ${checkout.title} did not go through (${failure ?? 'Your card was declined.'}): nothing was charged. Try again with another card.`,
    // No order to show: the item's page, where the checkout starts again.
    `/${encodeURIComponent(checkout.listing)}`,
  );
}

/** Stripe-side changes reach the order and the ledger (issue 34): each in the event's transaction, once. */
export function onStripeOrderEvents(registry: PaymentEventRegistry, deps: Deps): void {
  registry.onPaymentEvent('charge.refunded', async ({ tx, event, provider }) => {
    await onChargeRefunded(tx, deps, event.objectId, await provider.refundedCents(event.objectId));
  });
  // A refund Stripe held (the dashboard's, for want of balance) and has now made: counted as
  // charge.refunded counts it. Yardly's own refunds are the card refunds' (payments/card-refunds).
  registry.onPaymentEvent('refund.updated', async ({ tx, event, provider }) => {
    if (await cardRefundOfProviderRefund(tx, event.objectId)) return;
    const { intentId } = await provider.retrieveRefund(event.objectId);
    if (intentId) await onChargeRefunded(tx, deps, intentId, await provider.refundedCents(intentId));
  });
  registry.onPaymentEvent('payment_intent.canceled', async ({ tx, event, provider }) => {
    // The event's body may be stale: only an intent Stripe has cancelled now is acted on.
    if ((await provider.retrieveIntent(event.objectId)).status !== 'canceled') return;
    await onIntentCanceled(tx, deps, event.objectId);
  });
  registry.onPaymentEvent('payment_intent.payment_failed', async ({ tx, event }) => {
    await onPaymentFailed(tx, event.objectId, event.failure);
  });
}
