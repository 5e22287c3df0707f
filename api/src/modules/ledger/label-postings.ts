import type { Db } from '../../db/connect';
import { LEDGER, sellerAccount } from './accounts';
import { postLedger } from './ledger';
import { labelDeductedCents, type OrderMoney, sellerShareCents } from './order-postings';

/**
 * What a label would take from the seller's pending share of the order: the part of its cost
 * the buyer's shipping payment does not cover (all of it under free shipping).
 */
export function labelDeductionCents(order: Pick<OrderMoney, 'shippingCents'>, labelCents: number): number {
  return Math.max(0, labelCents - order.shippingCents);
}

/** Whether what is left of the seller's share of the order can pay `labelCents` beyond what the buyer paid for shipping. */
export async function shareCoversLabel(tx: Db, order: OrderMoney, labelCents: number): Promise<boolean> {
  return sellerShareCents(order) - (await labelDeductedCents(tx, order)) >= labelDeductionCents(order, labelCents);
}

/**
 * The outbound label bought (issue 19): its cost is owed to the carrier, paid from what the
 * buyer paid for shipping (`shipping_payable`) and, for what that does not cover (free
 * shipping), from the seller's pending share of the order.
 */
export async function postLabelBought(tx: Db, order: OrderMoney, labelCents: number, at: Date): Promise<void> {
  const deducted = labelDeductionCents(order, labelCents);
  await postLedger(tx, { kind: 'label', orderId: order.id, memo: `Shipping label for order ${order.refnum}`, at }, [
    { account: LEDGER.shipping, amountCents: -(labelCents - deducted) },
    { account: sellerAccount(order.sellerId, 'pending'), amountCents: -deducted },
    { account: LEDGER.carrier, amountCents: labelCents },
  ]);
}

/** A return label the platform prepays (the returns process decides who bears it later). */
export async function postReturnLabelBought(
  tx: Db,
  order: Pick<OrderMoney, 'id' | 'refnum'>,
  labelCents: number,
  at: Date,
  paidFrom: string = LEDGER.revenue,
): Promise<void> {
  await postLedger(tx, { kind: 'label', orderId: order.id, memo: `Return label for order ${order.refnum}`, at }, [
    { account: paidFrom, amountCents: -labelCents },
    { account: LEDGER.carrier, amountCents: labelCents },
  ]);
}
