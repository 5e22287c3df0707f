import type { Db } from '../../db/connect';
import { LEDGER, sellerAccount } from './accounts';
import type { LedgerEntry } from './ledger';
import {
  heldShareCents,
  lessRefundedBefore,
  type OrderMoney,
  type PostedRefund,
  postRefund,
  refundEntries,
  sellerShareCents,
} from './order-postings';

/**
 * The seller's share and the commission taken back for a refund: the seller gives what they hold
 * of the share (a label bought under free shipping was paid from it, and stays paid), the revenue
 * gives the commission and bears that label (as a full refund at Stripe does).
 */
async function shareTakenBack(tx: Db, order: OrderMoney, held: 'available' | 'pending'): Promise<LedgerEntry[]> {
  const share = await heldShareCents(tx, order);
  return [
    { account: sellerAccount(order.sellerId, held), amountCents: -share },
    { account: LEDGER.revenue, amountCents: -(order.commissionCents + sellerShareCents(order) - share) },
  ];
}

/**
 * A shipped order refunded in full by the console (delivered, or while its return is open): the
 * seller's share leaves the money it is `held` in (available once delivered, else still pending),
 * the commission and the shipping are given back, the whole payment goes to the buyer (the card's
 * part refunded, the rewards' part back to their rewards). The caller checks an available share
 * is still there (not paid out).
 */
export async function postShippedOrderRefunded(
  tx: Db,
  order: OrderMoney,
  held: 'available' | 'pending',
  at: Date,
): Promise<PostedRefund> {
  return postRefund(
    tx,
    { kind: 'refund', orderId: order.id, memo: `Refund of returned order ${order.refnum}`, at },
    await lessRefundedBefore(tx, order, [
      ...(await shareTakenBack(tx, order, held)),
      { account: LEDGER.shipping, amountCents: -order.shippingCents },
      ...refundEntries(order, order.totalCents),
    ]),
  );
}

/**
 * A returned item came back to its seller (issue 19 §3): the order was never released, so the
 * seller's share leaves pending, the commission is given back, and the buyer is refunded the
 * item price only; what the buyer paid for shipping stays spent (spec section 9). Rewards spent
 * on the order come back first (refundSplit), the card is refunded the rest, less what Stripe
 * refunded of it before (lessRefundedBefore). Answers what the card is owed now.
 */
export async function postReturnRefunded(tx: Db, order: OrderMoney, at: Date): Promise<PostedRefund> {
  const entries = await lessRefundedBefore(tx, order, [
    ...(await shareTakenBack(tx, order, 'pending')),
    ...refundEntries(order, order.itemPriceCents),
  ]);
  return postRefund(
    tx,
    { kind: 'refund', orderId: order.id, memo: `Refund of the item price of returned order ${order.refnum}`, at },
    entries,
  );
}
