import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/connect';
import { cardRefunds, orders } from '../../../db/schema/index';
import { postCardRefundMade } from '../../ledger/order-postings';
import { notify } from '../../notifications/notify';
import type { ProviderRefund } from '../provider';
import type { CardRefundTry } from './owe';

export type CardRefundRow = typeof cardRefunds.$inferSelect;

/** What the provider said of a try, or that no refund was needed (the authorisation was released). */
export type CardRefundOutcome = Pick<ProviderRefund, 'id' | 'status' | 'failure'> | { status: 'released' };

const FINAL = ['succeeded', 'released'] as const;

/** The order a card refund gives back to. */
async function orderOf(tx: Db, row: CardRefundRow) {
  const [order] = await tx
    .select({ id: orders.id, refnum: orders.refnum, buyerId: orders.buyerId })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  if (!order) throw new Error(`card refund ${row.id} names no order`);
  return order;
}

/**
 * Records what the provider said of a card refund's try, once: `succeeded` (or `released`: the
 * card's money was never taken) moves the ledger's owed refund to `refunds` and tells the buyer;
 * `pending` keeps it owed, with the provider's reason; `failed` keeps it owed for an admin to send
 * again (the console's card refunds). A try a retry replaced, or a refund already made, is left alone.
 */
export async function recordCardRefundOutcome(
  db: Db,
  which: CardRefundTry,
  outcome: CardRefundOutcome,
  now: Date,
): Promise<CardRefundRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(cardRefunds).where(eq(cardRefunds.id, which.cardRefundId)).for('update');
    if (!row || row.attempts !== which.attempt) return undefined;
    if ((FINAL as readonly string[]).includes(row.status)) return row;
    const providerRefundId = 'id' in outcome ? outcome.id || row.providerRefundId : row.providerRefundId;
    const failure = 'failure' in outcome ? outcome.failure : null;
    const [updated] = await tx
      .update(cardRefunds)
      .set({ status: outcome.status, providerRefundId, failure, updatedAt: now })
      .where(eq(cardRefunds.id, row.id))
      .returning();
    if (outcome.status === 'succeeded' || outcome.status === 'released') {
      const order = await orderOf(tx, row);
      await postCardRefundMade(tx, order, row.amountCents, now);
      await notify(tx, [order.buyerId], row.buyerNotice, row.buyerNoticeLink);
    }
    return updated;
  });
}

const MADE_AT_STRIPE = 'refunded at Stripe before Yardly asked (its dashboard)';

/**
 * Stripe had already refunded `cents` of what this try owes (a refund in its dashboard whose event
 * was not applied when the ledger decided): that part is made (refunds_owed → refunds). All of it:
 * the card refund succeeded. Part: the rest stays owed and is a new try (answered, to be sent).
 */
export async function recordMadeAtStripe(
  db: Db,
  which: CardRefundTry,
  cents: number,
  now: Date,
): Promise<CardRefundTry | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(cardRefunds).where(eq(cardRefunds.id, which.cardRefundId)).for('update');
    if (!row || row.attempts !== which.attempt || row.status !== 'sending') return null;
    const order = await orderOf(tx, row);
    const covered = Math.min(cents, row.amountCents);
    await postCardRefundMade(tx, order, covered, now, MADE_AT_STRIPE);
    if (covered === row.amountCents) {
      await tx
        .update(cardRefunds)
        .set({ status: 'succeeded', failure: MADE_AT_STRIPE, updatedAt: now })
        .where(eq(cardRefunds.id, row.id));
      await notify(tx, [order.buyerId], row.buyerNotice, row.buyerNoticeLink);
      return null;
    }
    const attempt = row.attempts + 1;
    await tx
      .update(cardRefunds)
      .set({ amountCents: row.amountCents - covered, attempts: attempt, failure: MADE_AT_STRIPE, updatedAt: now })
      .where(eq(cardRefunds.id, row.id));
    return { cardRefundId: row.id, attempt };
  });
}

/** The card refund whose current try the provider names by this refund id. */
export async function cardRefundOfProviderRefund(db: Db, refundId: string): Promise<CardRefundRow | undefined> {
  const [row] = await db.select().from(cardRefunds).where(eq(cardRefunds.providerRefundId, refundId));
  return row;
}

/** Where an order's newest refund to the card is (null: nothing was owed to its card). */
export async function latestCardRefundStatus(db: Db, orderId: number): Promise<CardRefundRow['status'] | null> {
  const [row] = await db
    .select({ status: cardRefunds.status })
    .from(cardRefunds)
    .where(eq(cardRefunds.orderId, orderId))
    .orderBy(desc(cardRefunds.id))
    .limit(1);
  return row?.status ?? null;
}
