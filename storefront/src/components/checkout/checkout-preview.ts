import type { CheckoutAmount, CheckoutDeliveryOption, OfferThread } from '@yardly/shared/contract';
import { rewardsToApply } from '@yardly/shared/rules';

/**
 * The amounts a checkout shows from its first paint, before the api has priced a choice (a
 * shipped item waits for an address): the item at the price being paid (the accepted offer's,
 * not the asking price), the default delivery's shipping (its price by weight class needs no
 * address; pickup is 0), the rewards the api would take first, and the total. The api's own
 * pricing replaces it as soon as it answers.
 */
export function previewAmount(input: {
  itemPrice: number;
  delivery: Pick<CheckoutDeliveryOption, 'method' | 'priceCents'> | null;
  rewardsBalance: number;
  useRewards: boolean;
}): CheckoutAmount {
  const shipping = input.delivery?.method === 'ship' ? input.delivery.priceCents : 0;
  const due = input.itemPrice + shipping;
  const rewards = rewardsToApply(due, input.rewardsBalance, input.useRewards);
  return { itemPrice: input.itemPrice, shipping, rewards, total: due - rewards };
}

/** The price of one offer among a listing's threads (the buyer sees only theirs); null when it is not there. */
export function offerPriceIn(threads: readonly Pick<OfferThread, 'offers'>[], offerRefnum: string): number | null {
  for (const thread of threads) {
    const offer = thread.offers.find((o) => o.offerRefnum === offerRefnum);
    if (offer) return offer.offerPrice;
  }
  return null;
}
