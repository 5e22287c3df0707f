import type { OrderSummary } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';

export interface AmountLine {
  label: string;
  value: string;
}

type PaidFacts = Pick<OrderSummary, 'amount' | 'offerRefnum' | 'deliveryMethod'>;

/** The item's line label: the accepted offer it was paid at, or the Buy Now price. */
export function itemPriceLabel(order: Pick<OrderSummary, 'offerRefnum'>): string {
  return order.offerRefnum ? 'Offer price' : 'Price paid';
}

/**
 * What was paid for an order, as its dashboard card lists it (cents from the api): the item at
 * the price it was bought (the offer's, not the asking price), shipping, the rewards taken off
 * and the total. Shipping reads 'Free' at 0 on a shipped order, 'Local pickup' on a pickup.
 */
export function paidLines(order: PaidFacts): AmountLine[] {
  const { amount } = order;
  const shipping =
    order.deliveryMethod === 'pickup' ? 'Local pickup' : amount.shipping === 0 ? 'Free' : formatCents(amount.shipping);
  return [
    { label: itemPriceLabel(order), value: formatCents(amount.itemPrice) },
    { label: 'Shipping', value: shipping },
    ...(amount.rewards > 0 ? [{ label: 'Rewards', value: `\u2212${formatCents(amount.rewards)}` }] : []),
    { label: 'Total', value: formatCents(amount.total) },
  ];
}
