import { randomUUID } from 'node:crypto';

/**
 * A checkout paid wholly by the buyer's rewards (issue 22): no card and no card provider. Its
 * checkout's `provider` is this, and its `payment_intent_id` is the rewards payment's own id
 * (`rewards_…`), which createPI answers and `orders/place` (or pay-and-pickup) takes like an
 * authorised intent's; nothing in it is ever sent to, or asked of, a card provider. The rewards
 * leave the buyer's ledger account in the transaction that places the order (place.ts).
 */
export const REWARDS_PAYMENT = 'rewards';

export function isRewardsPayment(checkout: { provider: string }): boolean {
  return checkout.provider === REWARDS_PAYMENT;
}

export function newRewardsPaymentId(): string {
  return `rewards_${randomUUID().replaceAll('-', '')}`;
}
