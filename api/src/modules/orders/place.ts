import { randomInt } from 'node:crypto';
import { orderMessages, PICKUP_CODE_LENGTH } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { checkouts, listings, offers, orderLineItems, orders } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import type { Jobs } from '../../jobs/runner';
import { start } from '../../process/transition';
import { cardCents, postOrderPlaced } from '../ledger/order-postings';
import { takeListingEvent } from '../listings/process';
import { catchUpOffer, type OfferRunner, takeOfferEvent } from '../offers/process';
import { catchUpListing } from '../offers/reservation';
import { cardStore } from '../payments/cards';
import type { PaymentProvider, ProviderIntent } from '../payments/provider';
import { assertRewardsCover } from '../rewards/wallet';
import { saleCommission } from './commission';
import type { OrderRow, OrderRunner } from './process';
import { isRewardsPayment } from './rewards-payment';
import { queueSettlement, settleNow } from './settle';
import { purchaseTerms } from './terms';

export interface PlaceDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  log: FastifyBaseLogger;
  payments: PaymentProvider;
  offerRunner: OfferRunner;
  orderRunner: OrderRunner;
}

export type CheckoutRow = typeof checkouts.$inferSelect;

function pickupCode(): string {
  return String(randomInt(0, 10 ** PICKUP_CODE_LENGTH)).padStart(PICKUP_CODE_LENGTH, '0');
}

export async function orderOfCheckout(db: Db, checkoutId: number): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  return order;
}

/** Every offer still waiting on the sold listing is declined by the platform (or expired, when its time is up). */
async function declineOpenOffers(tx: Db, runner: OfferRunner, listingId: number, now: Date): Promise<void> {
  const open = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.listingId, listingId), eq(offers.state, 'pending')))
    .for('update');
  for (const offer of open) {
    const current = await catchUpOffer(tx, runner, offer, now);
    if (current.state === 'pending') await takeOfferEvent(tx, runner, current, 'supersede', null, 'system', now);
  }
}

/**
 * The one transaction that makes a sale: the listing (locked) is checked again and sold, the
 * buyer's rewards it spends checked under their lock, the order and its line item written in
 * their first state, every open offer declined, the ledger posted (the rewards leave the
 * buyer's rewards here), the payment's capture queued, and the card that paid saved when the
 * buyer asked. `intent` is null for a checkout paid wholly by rewards: no card, nothing to
 * capture. Throws the refusal when the caller may not have it.
 */
async function commitSale(
  deps: PlaceDeps,
  caller: Caller,
  checkout: CheckoutRow,
  intent: ProviderIntent | null,
  now: Date,
): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const [listing] = await tx.select().from(listings).where(eq(listings.id, checkout.listingId)).for('update');
    if (!listing) throw AppError.notFound('This listing does not exist');
    const placed = await orderOfCheckout(tx, checkout.id);
    if (placed) return placed;
    const terms = await purchaseTerms(
      tx,
      deps.offerRunner,
      caller,
      listing,
      { offerId: checkout.offerId, deliveryMethod: checkout.deliveryMethod, addressId: checkout.addressId },
      now,
    );
    if (terms.totalCents !== checkout.totalCents)
      throw AppError.conflict(orderMessages.amountChanged, 'amount_changed');
    if (checkout.rewardsCents > 0) await assertRewardsCover(tx, caller.userId, checkout.rewardsCents);
    const pickup = checkout.deliveryMethod === 'pickup';
    const { address } = terms;
    const commission = await saleCommission(tx, listing, caller.userId, terms.itemPriceCents);
    const started = await start(
      tx,
      deps.orderRunner,
      pickup ? 'placeForPickup' : 'place',
      { userId: caller.userId, role: 'buyer' },
      {
        facts: { pickup },
        values: (timers) => ({
          refnum: newRefnum('order'),
          checkoutId: checkout.id,
          buyerId: caller.userId,
          sellerId: listing.sellerId,
          listingId: listing.id,
          deliveryMethod: checkout.deliveryMethod,
          shipTo: address && {
            firstName: address.firstName,
            lastName: address.lastName,
            line1: address.line1,
            line2: address.line2,
            city: address.city,
            state: address.state,
            zip: address.zip,
          },
          itemPriceCents: terms.itemPriceCents,
          shippingCents: terms.shippingCents,
          totalCents: terms.totalCents,
          rewardsCents: checkout.rewardsCents,
          ...commission,
          paymentIntentId: checkout.paymentIntentId,
          pickupCode: pickup ? pickupCode() : null,
          shipBy: timers.find((timer) => timer.event === 'autoCancel')?.at ?? now,
          createdAt: now,
          updatedAt: now,
        }),
        now,
      },
    );
    const [order] = await tx.select().from(orders).where(eq(orders.id, started.subjectId));
    if (!order) throw new Error('an order just written is missing');
    await tx.insert(orderLineItems).values({
      orderId: order.id,
      listingId: listing.id,
      offerId: terms.offerId,
      priceCents: terms.itemPriceCents,
    });
    // Read again: purchaseTerms may have caught up its timers (a lapsed reservation released it).
    const [current] = await tx.select().from(listings).where(eq(listings.id, listing.id));
    await takeListingEvent(tx, current ?? listing, 'sell', { userId: caller.userId, role: 'buyer' }, now);
    await declineOpenOffers(tx, deps.offerRunner, listing.id, now);
    await postOrderPlaced(tx, order, now);
    if (intent) await queueSettlement(deps.jobs, tx, order.id);
    if (checkout.saveCard && intent?.card) {
      const cards = cardStore({ db: deps.db, clock: deps.clock, provider: deps.payments.name });
      await cards.saveCardFromIntent(tx, checkout.buyerId, intent.card);
    }
    return order;
  });
}

/** The checkout of an intent the caller started: 404 for anyone else's or none. */
export async function callersCheckout(db: Db, caller: Caller, paymentIntentId: string): Promise<CheckoutRow> {
  const [checkout] = await db.select().from(checkouts).where(eq(checkouts.paymentIntentId, paymentIntentId));
  if (!checkout || checkout.buyerId !== caller.userId) {
    throw new AppError(404, orderMessages.intentNotFound, { reason: 'intent_not_found' });
  }
  return checkout;
}

/**
 * Runs work that must wait until what the caller wrote is committed (the payment's capture, a
 * loser's release): at once when the caller runs outside a transaction, after the commit when
 * it runs inside one (a payment webhook's).
 */
export type AfterCommit = (work: () => Promise<unknown>) => Promise<void>;

const AT_ONCE: AfterCommit = async (work) => {
  await work();
};

/**
 * The order of a checkout whose intent the provider has authorised, placed as its buyer (the
 * `buyer` caller): an order already placed for it is answered again. A buyer who may no longer
 * have the item (another order won the listing, the price changed, the reservation lapsed, the
 * rewards it counted on were spent by another order) has the checkout marked lost and the
 * authorisation released, and the refusal is thrown (409 'This item is no longer available');
 * no money is taken. `db` is the database, or the transaction of a caller that completes
 * checkouts in its own (complete.ts). `intent` is null for a checkout paid wholly by rewards
 * (rewards-payment.ts): it is placed the same way, without the card provider.
 */
export function placeCheckoutWith(deps: PlaceDeps) {
  return async (
    db: Db,
    checkout: CheckoutRow,
    buyer: Caller,
    intent: ProviderIntent | null,
    afterCommit: AfterCommit = AT_ONCE,
  ): Promise<OrderRow> => {
    const { payments } = deps;
    const now = deps.clock.now();
    const { paymentIntentId } = checkout;
    const placed = await orderOfCheckout(db, checkout.id);
    if (placed) return placed;
    if (checkout.lostAt) throw AppError.conflict(checkout.lostMessage ?? orderMessages.noLongerAvailable, 'lost');
    if (intent?.status === 'canceled') throw AppError.conflict(orderMessages.noLongerAvailable, 'payment_cancelled');
    if (intent && intent.status !== 'requires_capture' && intent.status !== 'succeeded') {
      throw AppError.conflict(orderMessages.notAuthorised, 'payment_not_authorised');
    }
    try {
      if (intent && intent.amountCents !== cardCents(checkout))
        throw AppError.conflict(orderMessages.amountChanged, 'amount_mismatch');
      await catchUpListing(db, deps.offerRunner, checkout.listingId, now);
      const order = await commitSale({ ...deps, db }, buyer, checkout, intent, now).catch((error: unknown) => {
        // A listing relisted while its order is in progress: the one-order-in-progress index refuses the second.
        if (isUniqueViolation(error)) throw AppError.conflict(orderMessages.noLongerAvailable, 'order_in_progress');
        throw error;
      });
      if (intent) await afterCommit(() => settleNow(deps.db, payments, order.id, deps.log));
      return order;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Lost (or refused): the authorisation goes back at once, unless another request of this
      // same checkout placed the order meanwhile.
      const won = await orderOfCheckout(db, checkout.id);
      if (won) return won;
      await db.update(checkouts).set({ lostAt: now, lostMessage: error.message }).where(eq(checkouts.id, checkout.id));
      if (intent) await afterCommit(() => payments.cancel(paymentIntentId, `cancel:${paymentIntentId}`));
      throw error;
    }
  };
}

/**
 * `POST /svc/orders/place` (and pay-and-pickup): the order of the caller's authorised intent,
 * or of their rewards payment (never asked of the card provider). Repeating it answers the same
 * order; a refusal has released the authorisation (above).
 */
export function placeOrderWith(deps: PlaceDeps) {
  const placeCheckout = placeCheckoutWith(deps);
  return async (caller: Caller, paymentIntentId: string): Promise<OrderRow> => {
    const { db, payments } = deps;
    const checkout = await callersCheckout(db, caller, paymentIntentId);
    const placed = await orderOfCheckout(db, checkout.id);
    if (placed) return placed;
    const intent = isRewardsPayment(checkout) ? null : await payments.retrieveIntent(paymentIntentId);
    return placeCheckout(db, checkout, caller, intent);
  };
}
