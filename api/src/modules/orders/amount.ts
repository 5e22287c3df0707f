import type { CheckoutAmount } from '@yardly/shared/contract';
import { cardCents } from '../ledger/order-postings';

/**
 * What a checkout or an order costs as the wire says it (checkoutAmountSchema): the item, the
 * shipping, the buyer's rewards spent on it, and the total their card pays.
 */
export function amountOf(row: {
  itemPriceCents: number;
  shippingCents: number;
  totalCents: number;
  rewardsCents: number;
}): CheckoutAmount {
  return {
    itemPrice: row.itemPriceCents,
    shipping: row.shippingCents,
    rewards: row.rewardsCents,
    total: cardCents(row),
  };
}
