import type { Db } from '../../db/connect';
import { LEDGER, rewardsAccount, sellerAccount } from './accounts';
import { type LedgerEntry, postLedger } from './ledger';
import { cardCents, type OrderMoney, sellerShareCents } from './order-postings';

/**
 * Part of an order's card payment refunded at Stripe, not through Yardly: the platform gave it
 * (an operator's goodwill), so it comes from the platform's revenue and the seller's share stands.
 */
export async function postStripePartialRefund(tx: Db, order: OrderMoney, cents: number, at: Date): Promise<void> {
  await postLedger(
    tx,
    { kind: 'refund', orderId: order.id, memo: `Part of order ${order.refnum} refunded at Stripe`, at },
    [
      { account: LEDGER.revenue, amountCents: -cents },
      { account: LEDGER.refunds, amountCents: cents },
    ],
  );
}

/** Where a full refund at Stripe takes the seller's share from: held (pending) or available, and how much is there. */
export interface SellerShareSource {
  part: 'pending' | 'available';
  /** What may be taken: the share less what labels took, no more than the account holds. */
  cents: number;
}

/**
 * The whole of an order refunded at Stripe: the buyer has the card's money back (less the parts
 * posted before), and their rewards too. Before the item moved, the sale is undone as a
 * cancellation undoes it (the share, the commission and the shipping); after, the seller's share
 * is taken back as far as it is still held or available, the platform bearing the rest.
 */
export async function postStripeFullRefund(
  tx: Db,
  order: OrderMoney,
  already: number,
  source: SellerShareSource | 'before_shipping',
  at: Date,
): Promise<void> {
  const given: LedgerEntry[] = [
    { account: LEDGER.refunds, amountCents: cardCents(order) - already },
    { account: rewardsAccount(order.buyerId), amountCents: order.rewardsCents },
  ];
  const taken: LedgerEntry[] =
    source === 'before_shipping'
      ? [
          { account: sellerAccount(order.sellerId, 'pending'), amountCents: -sellerShareCents(order) },
          { account: LEDGER.shipping, amountCents: -order.shippingCents },
          { account: LEDGER.revenue, amountCents: -(order.commissionCents - already) },
        ]
      : [
          { account: sellerAccount(order.sellerId, source.part), amountCents: -source.cents },
          { account: LEDGER.revenue, amountCents: -(order.totalCents - already - source.cents) },
        ];
  await postLedger(
    tx,
    { kind: 'refund', orderId: order.id, memo: `Order ${order.refnum} refunded in full at Stripe`, at },
    [...taken, ...given],
  );
}
