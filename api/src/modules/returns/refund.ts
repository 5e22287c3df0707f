import { orderPagePath, returnMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { orders, returns } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import type { Jobs } from '../../jobs/runner';
import { SYSTEM } from '../../process/transition';
import { refundSplit } from '../ledger/order-postings';
import { postReturnRefunded } from '../ledger/return-postings';
import { type OrderRunner, takeOrderEvent } from '../orders/process';
import { oweCardRefund } from '../payments/card-refunds/owe';
import type { PaymentProvider } from '../payments/provider';
import { returnWithOrder } from './access';
import { type ReturnRunner, takeReturnEvent } from './process';

export const RETURN_REFUND_JOB = 'returns.refund';

export interface RefundDeps {
  jobs: Jobs;
  orderRunner: OrderRunner;
  returnRunner: ReturnRunner;
}

/**
 * The shipping module's hook: the return parcel of `shipmentId` was delivered back to the seller,
 * in the transaction that records it. The return is refunded and the order returned; the ledger
 * gives the buyer the item price back (shipping stays spent), the provider's refund of that amount
 * is queued, both sides are told. A parcel that is no return's, or a return already refunded
 * (a replayed event), changes nothing. Answers whether it refunded.
 */
export async function returnDelivered(tx: Db, deps: RefundDeps, shipmentId: number, now: Date): Promise<boolean> {
  const found = await returnWithOrder(tx, eq(returns.shipmentId, shipmentId));
  if (found?.row.state !== 'accepted') return false;
  const { order, row } = found;
  await takeReturnEvent(tx, deps.returnRunner, row, 'receive', SYSTEM, now);
  await takeOrderEvent(tx, deps.orderRunner, order, 'markReturned', SYSTEM, now);
  const posted = await postReturnRefunded(tx, order, now);
  await tx.update(returns).set({ refundCents: order.itemPriceCents }).where(eq(returns.id, row.id));
  // The buyer is told they are refunded once their card has it (issue 34), not before; the seller
  // by the table (the return's `receive`).
  await oweCardRefund(
    tx,
    deps.jobs,
    {
      order,
      posted,
      reason: 'item returned',
      buyerNotice: { text: `${returnMessages.refunded} (order ${order.refnum}).`, link: orderPagePath(order.refnum) },
    },
    now,
  );
  return true;
}

/**
 * Gives the item price of a returned order back through the provider (idempotent: the return's
 * key): the card's part the ledger posted (`cardCents`: less what Stripe had refunded before);
 * the rewards' part went back to the buyer's rewards in the ledger. A job queued before
 * `cardCents` was carried refunds the card's part of the item price. Only jobs queued before
 * card refunds (ADR 0066) remain: a return refunded now owes a card refund (payments/card-refunds).
 */
export function returnRefundJob(payments: PaymentProvider) {
  return defineJob<{ returnId: number; cardCents?: number }>({
    name: RETURN_REFUND_JOB,
    maxAttempts: 20,
    async run({ returnId, cardCents }, { db }) {
      const [row] = await db
        .select({
          refnum: returns.refnum,
          amount: returns.refundCents,
          intentId: orders.paymentIntentId,
          rewardsCents: orders.rewardsCents,
        })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(eq(returns.id, returnId));
      const card = cardCents ?? (row?.amount ? refundSplit(row, row.amount).card : 0);
      if (!row || card === 0) return;
      await payments.refund({
        intentId: row.intentId,
        amountCents: card,
        idempotencyKey: `return-refund:${row.refnum}`,
        reason: 'item returned',
      });
    },
  });
}
