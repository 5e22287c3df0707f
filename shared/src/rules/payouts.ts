/**
 * When a seller's money reaches their bank (issue 18, spec section 9: payouts in 5-10 days,
 * local sales within one day after the pickup code is verified). A delivered order's share is
 * available at once but held for a while before it is paid: shipped orders PAYOUT_HOLD_DAYS.ship
 * days (time for a problem with the parcel to surface), local sales none. The payout run goes
 * once a day and pays each seller everything whose hold has passed, so a local sale is paid
 * within a day of its code and a shipped one 5 to 6 days after delivery.
 */
export const PAYOUT_HOLD_DAYS = { ship: 5, pickup: 0 } as const;

/** How often the payout run goes (minutes): daily. */
export const PAYOUT_RUN_EVERY_MINUTES = 24 * 60;

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Money released after this moment is still held at `now` (its hold has not passed). */
export function holdCutoff(now: Date, deliveryMethod: keyof typeof PAYOUT_HOLD_DAYS): Date {
  return new Date(now.getTime() - PAYOUT_HOLD_DAYS[deliveryMethod] * 24 * 60 * 60 * 1000);
}

export const payoutMessages = {
  noBankAccount: 'Add a bank account to receive your payouts: your balance is kept until you do',
  notFailed: 'Only a failed payout can be retried',
  moneyGone: 'This payout’s money is no longer available to send (it was paid out since)',
  refundReasonRequired: 'Give the reason for the refund',
  notRefundable: 'This order cannot be refunded in its current state',
  alreadyPaidOut: 'The seller has been paid for this order: it cannot be refunded from their balance',
  cardRefundNotFailed: 'Only a failed card refund can be sent again',
} as const;

/** What a seller's history calls each movement of their money (the ledger transaction's kind). */
export const PAYOUT_ENTRY_LABELS: Record<string, string> = {
  sale: 'Sale (held until delivery)',
  release: 'Delivered: available',
  refund: 'Refunded to the buyer',
  transfer: 'Sent to your Stripe account',
  transfer_refused: 'Payout not sent: back in available',
  payout: 'Paid to your bank',
  payout_failed: 'Payout failed: kept at your Stripe account, sent again',
};

/** The part of a seller's balance an entry moved. */
export const BALANCE_PARTS = ['pending', 'available', 'transferred', 'paid_out'] as const;
export type BalancePart = (typeof BALANCE_PARTS)[number];

/**
 * Whether a seller's payouts can reach their bank, as the provider sees the seller (Stripe
 * Connect verifies each seller before it enables their payouts, docs/decisions/0025):
 * `not_needed` the built-in test provider (nothing to verify); `no_bank_account`; `action_required`
 * Stripe needs something from the seller (identity, terms); `pending` Stripe is verifying;
 * `verified` payouts enabled.
 */
export const PAYOUT_ACCOUNT_STATUSES = [
  'not_needed',
  'no_bank_account',
  'action_required',
  'pending',
  'verified',
] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

export const payoutAccountMessages = {
  notNeeded: 'Nothing to verify: payouts go to your bank account.',
  noBankAccount: 'Add a bank account first',
  actionRequired: 'Stripe needs to verify who you are before it can send your payouts.',
  pending: 'Stripe is checking your details. Your payouts start once it has.',
  verified: 'Verified by Stripe: your payouts go to your bank account.',
  nothingToVerify: 'There is nothing to verify: payouts are simulated in test mode',
  bankAccountRefused: 'Stripe did not accept this bank account: check its routing and account numbers',
  /** Why a payout failed (the seller's notification says it in brackets). */
  notVerified: 'Stripe has not verified you yet: verify with Stripe in your bank account settings',
} as const;

/** What the seller reads of their payout account's status (one line). */
export function payoutAccountMessage(status: PayoutAccountStatus): string {
  const byStatus: Record<PayoutAccountStatus, string> = {
    not_needed: payoutAccountMessages.notNeeded,
    no_bank_account: payoutAccountMessages.noBankAccount,
    action_required: payoutAccountMessages.actionRequired,
    pending: payoutAccountMessages.pending,
    verified: payoutAccountMessages.verified,
  };
  return byStatus[status];
}

/**
 * A refund to a buyer's card as Yardly tracks it (issue 34): `sending` until the provider
 * answers; `pending` while the provider holds it (Stripe: its balance cannot cover it yet);
 * `succeeded` once the provider made it (only then does the ledger count it as refunded);
 * `failed` when the provider refused or failed it (an admin may send it again); `released`
 * when no refund was needed (the card's authorisation was released, nothing was taken).
 */
export const CARD_REFUND_STATUSES = ['sending', 'pending', 'succeeded', 'failed', 'released'] as const;
export type CardRefundStatus = (typeof CARD_REFUND_STATUSES)[number];

/**
 * How often (minutes) the card refunds Stripe holds (`pending`) are read again, in case its event
 * never came; a refund is re-read once it has waited that long since its last word.
 */
export const PENDING_REFUND_CHECK_EVERY_MINUTES = 60;
