import { timingSafeEqual } from 'node:crypto';
import { orderMessages, PICKUP_CODE_ATTEMPTS } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { listings, offers, orders } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { refuseOutOfTurn } from '../../process/transition';
import { orderFor } from './access';
import { callersCheckout } from './place';
import type { OrderRow, OrderRunner } from './process';
import { takeOrderEvent } from './process';

/**
 * Pay-and-pickup (issue 18): the buyer pays now with the intent of a pickup checkout
 * (`createPI` with deliveryMethod 'pickup', confirmed by the card form), naming the offer or
 * the listing it is for; the order is placed as any other and carries the pickup code. The
 * intent travels in the body as `paymentIntentId`: the same intent `orders/place` takes.
 */
export async function assertPickupCheckout(
  db: Db,
  caller: Caller,
  request: { paymentIntentId: string; offerRefnum?: string; listingRefnum?: string },
): Promise<void> {
  const checkout = await callersCheckout(db, caller, request.paymentIntentId);
  if (checkout.deliveryMethod !== 'pickup')
    throw AppError.conflict(orderMessages.wrongDelivery, 'wrong_delivery_method');
  const [named] = request.offerRefnum
    ? await db
        .select({ id: offers.id, listingId: offers.listingId })
        .from(offers)
        .where(eq(offers.refnum, request.offerRefnum))
    : await db
        .select({ id: sql<number | null>`null`, listingId: listings.id })
        .from(listings)
        .where(eq(listings.refnum, request.listingRefnum ?? ''));
  const matches =
    named && named.listingId === checkout.listingId && (!request.offerRefnum || named.id === checkout.offerId);
  if (!matches) {
    throw AppError.conflict('This payment was started for another item or offer', 'checkout_mismatch');
  }
}

function sameCode(given: string, expected: string | null): boolean {
  if (!expected || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

type Outcome = { ok: true; order: OrderRow } | { ok: false; locked: boolean };

/**
 * The seller enters the buyer's code at the handoff: the order is delivered and the seller's
 * share becomes available (the payout job pays it). A wrong code counts (committed even though
 * the answer is a refusal); the fifth locks the code for good.
 */
export function confirmPickupWith(deps: { db: Db; orderRunner: OrderRunner }) {
  return async (caller: Caller, input: { orderId: string; code: string }, now: Date): Promise<number> => {
    const outcome: Outcome = await deps.db.transaction(async (tx) => {
      const { order, party } = await orderFor(tx, caller, input.orderId, 'edit', true);
      const actor = { userId: caller.userId, role: party };
      // Before the code is read: a wrong code by anyone but the seller must not count against it.
      refuseOutOfTurn(deps.orderRunner, 'confirmPickup', actor);
      if (order.deliveryMethod !== 'pickup') throw AppError.conflict(orderMessages.noPickup, 'is_shipped_order');
      if (order.pickupAttempts >= PICKUP_CODE_ATTEMPTS) return { ok: false, locked: true };
      if (!sameCode(input.code, order.pickupCode)) {
        const attempts = order.pickupAttempts + 1;
        await tx.update(orders).set({ pickupAttempts: attempts, updatedAt: now }).where(eq(orders.id, order.id));
        return { ok: false, locked: attempts >= PICKUP_CODE_ATTEMPTS };
      }
      await takeOrderEvent(tx, deps.orderRunner, order, 'confirmPickup', actor, now);
      return { ok: true, order };
    });
    if (outcome.ok) return outcome.order.id;
    if (outcome.locked) throw AppError.conflict(orderMessages.pickupLocked, 'pickup_locked');
    throw new AppError(400, orderMessages.wrongPickupCode, { field: 'code', reason: 'wrong_pickup_code' });
  };
}
