/**
 * The ledger's accounts (issue 18). Money comes in from `buyer_payments` (the buyers' cards: it
 * goes negative as they pay) and leaves to `refunds` and each seller's `paid_out` (both grow as
 * money goes back out); everything between is the platform's books.
 */
export const LEDGER = {
  /** The buyers' cards: every payment is taken from here. */
  buyerPayments: 'buyer_payments',
  /** A payment waiting to be split between the seller, the commission and shipping. */
  clearing: 'platform_clearing',
  /** The commission (COMMISSION_SCHEDULE in shared/src/rules/money.ts). */
  revenue: 'platform_revenue',
  /** What buyers paid for shipping, held for the label (the shipping issue spends it). */
  shipping: 'shipping_payable',
  /** Money given back to buyers' cards: only refunds the provider made (a succeeded refund). */
  refunds: 'refunds',
  /**
   * Refunds Yardly gave that the provider has not made yet (sending, held for want of balance, or
   * failed and waiting for an admin): they move on to `refunds` when the provider makes them.
   */
  refundsOwed: 'refunds_owed',
  /** What shipping labels cost: owed to the carrier (issue 19). */
  carrier: 'carrier_payable',
  /** What the platform gives away: referral rewards (issue 22) are paid from here. */
  promotions: 'promotions',
} as const;

/** A person's referral rewards: credited by promotions, spent at checkout (then given back by a refund), or cashed out. */
export function rewardsAccount(userId: number): string {
  return `rewards:${userId}`;
}

/**
 * A seller's money: held until the order is delivered, then available, then transferred to their
 * connected account at the provider, then paid out from it to their bank (docs/decisions/0046).
 */
export function sellerAccount(sellerId: number, part: 'pending' | 'available' | 'transferred' | 'paid_out'): string {
  return `seller:${sellerId}:${part}`;
}

/**
 * What one B2B organisation gives away (issue 23): its welcome credits to newly verified members
 * are paid from here, apart from the platform's own promotions, so its benefit's cost adds up.
 */
export function organisationPromotionsAccount(orgRefnum: string): string {
  return `${LEDGER.promotions}:org:${orgRefnum}`;
}
