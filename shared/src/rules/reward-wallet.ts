/**
 * What a person does with their rewards (issue 22): spend them at checkout before the card, or
 * cash them out to their bank account. Amounts in cents.
 */

/** The smallest amount a card is charged (Stripe's minimum in USD): rewards leave at least this to the card, or pay it all. */
export const MIN_CARD_CHARGE_CENTS = 50;

/**
 * The rewards a checkout of `totalCents` takes from a balance: all it can, up to the total,
 * when the buyer keeps them on (the default). What is left for the card is 0 (no card) or at
 * least MIN_CARD_CHARGE_CENTS: a smaller card charge would be refused, so a little less of the
 * balance is used and it stays in the wallet.
 */
export function rewardsToApply(totalCents: number, balanceCents: number, useRewards: boolean): number {
  if (!useRewards || balanceCents <= 0 || totalCents <= 0) return 0;
  const rewards = Math.min(balanceCents, totalCents);
  const card = totalCents - rewards;
  return card > 0 && card < MIN_CARD_CHARGE_CENTS ? Math.max(0, totalCents - MIN_CARD_CHARGE_CENTS) : rewards;
}

export const walletMessages = {
  /** Two checkouts counted on one balance at once: the second to be placed finds it spent (409). */
  rewardsSpent: 'Your rewards were just used for another order. Check out again to pay by card',
  nothingToCashOut: 'You have no rewards to cash out',
  noBankAccount: 'Add a bank account to cash out your rewards',
  /** Two cash-outs at once: the second finds the balance gone (409). */
  alreadyCashedOut: 'Your rewards were just cashed out',
} as const;

/** The gift-card alternative to a cash-out (the ACH popup's showGiftCardText; /faq/rewards says the same). */
export const GIFT_CARD_TEXT =
  'Prefer to keep it on Yardly? Your rewards work like a Yardly gift card: they come off your next purchase at checkout, before your card, and never expire.';

/** What a movement of people's rewards was, as the console's promotion list names it. */
export const PROMOTION_MOVEMENTS = ['granted', 'reversed', 'spent', 'returned', 'cashed_out'] as const;
export type PromotionMovement = (typeof PROMOTION_MOVEMENTS)[number];

export const PROMOTION_MOVEMENT_LABELS: Record<PromotionMovement | 'outstanding', string> = {
  granted: 'Referral rewards granted',
  reversed: 'Rewards reversed',
  spent: 'Spent at checkout',
  returned: 'Given back by a refund',
  cashed_out: 'Cashed out to a bank',
  outstanding: 'Outstanding: still to spend',
};

/** Where a person adds the bank account a cash-out is sent to. */
export const BANK_ACCOUNT_PATH = '/settings/bank-account';
