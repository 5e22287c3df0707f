import type { PaymentIntentStatus } from '@yardly/shared/contract';
import type { Db } from '../../db/connect';

/**
 * The one interface the api pays through (issue 18). Two implementations: the built-in test
 * provider (the default, so `pnpm start` can be tried end to end) and Stripe (when
 * STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set). Amounts are integer cents in USD.
 *
 * Money is authorised first and captured only for the order that committed: a buyer who loses
 * a race has the authorisation released (`cancel`), so no money is taken from them.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** What the browser needs to collect a card: the test form, or Stripe.js with this key. */
  readonly browser: { provider: 'test' } | { provider: 'stripe'; publishableKey: string };
  /** Creates an intent to be authorised (captured later); the same key answers the same intent. */
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(intentId: string): Promise<ProviderIntent>;
  /** Takes the authorised money (status `requires_capture` → `succeeded`). */
  capture(intentId: string, idempotencyKey: string): Promise<ProviderIntent>;
  /** Releases an authorisation or abandons an unpaid intent (→ `canceled`); no money moves. */
  cancel(intentId: string, idempotencyKey: string): Promise<ProviderIntent>;
  /**
   * Gives captured money back, all of it when `amountCents` is left out. The provider may hold it
   * (`pending`: Stripe does while its balance cannot cover it) and make or fail it later; a
   * refusal is an AppError with reason `refund_refused` (or `already_refunded`): nothing moved.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /** A refund as the provider holds it now (its later word arrives as a `refund.updated` event). */
  retrieveRefund(refundId: string): Promise<ProviderRefund>;
  /**
   * Moves a seller's money from the platform's balance to their connected account (Stripe
   * Connect's transfer), once per idempotency key; a refusal (the seller not verified, the
   * platform's balance too low) is an AppError with reason `transfer_refused`: nothing moved.
   */
  transfer(input: PayoutInput): Promise<{ id: string }>;
  /**
   * Sends money already in the seller's connected account to their bank; a refusal (not enough
   * in that account) is an AppError with reason `payout_refused`: the money stays there.
   */
  payout(input: PayoutInput): Promise<ProviderPayout>;
  /**
   * Makes sure a payout's transferred money is at the connected account of this bank account: a
   * seller who changed bank account after a failed payout has a new connected account, and the
   * money is taken back from the old one (a transfer reversal) and transferred to the new one,
   * once per key. Answers the transfer that holds the money now. A refusal is an AppError with
   * reason `payout_refused`. Absent: a seller has one account whatever their bank (the built-in provider).
   */
  moveTransfer?(input: PayoutInput & { transferId: string }): Promise<{ id: string }>;
  /** What has been refunded of an intent's captured money, all refunds made together (Stripe's dashboard's too); one held is not yet. */
  refundedCents(intentId: string): Promise<number>;
  /** What the provider holds of an intent's refunds and has not made yet (Stripe's `pending`, for want of balance). */
  heldRefundCents(intentId: string): Promise<number>;
  /**
   * Whether payouts to this bank account can be sent (Stripe Connect verifies each seller
   * first). Absent, or `not_needed`: nothing to verify (the built-in provider).
   */
  payoutAccountStatus?(bankAccount: PayoutBankAccount): Promise<ProviderPayoutAccount>;
  /**
   * A page at the provider where the seller verifies who they are, for the connected account of
   * this bank account (made now if no payout made it yet). Absent: nothing to verify (the
   * built-in provider), whatever `payoutAccountStatus` says.
   */
  onboardingLink?(input: OnboardingLinkInput): Promise<string>;
  /**
   * The seller gave who they are (`individual`) after their connected account was made: sent to
   * that account (Stripe's `accounts.update`). Nothing while no account exists: its creation
   * sends them. Absent: nothing to verify (the built-in provider).
   */
  payoutIndividualChanged?(bankAccount: PayoutBankAccount): Promise<void>;
  /**
   * The provider says a seller's account changed (`account.updated`): re-read it and store its
   * status in the event's transaction. An account that is not one of ours is left alone.
   */
  payoutAccountChanged?(tx: Db, accountId: string): Promise<void>;
  /**
   * Checks a webhook's signature over the raw body and reads the event; throws
   * `InvalidWebhookError` when the signature does not match (answered 400, nothing applied).
   */
  readWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
}

export interface CreateIntentInput {
  amountCents: number;
  /** Sent to the provider as its idempotency key: a retried request creates nothing new. */
  idempotencyKey: string;
  /** Stored with the intent at the provider (listing and buyer refnums, delivery method). */
  metadata: Record<string, string>;
  /** A saved card's provider token, to pay without typing the card again. */
  savedCardToken?: string;
}

/** Stripe's statuses, as the contract names them (createPI answers one). */
export type IntentStatus = PaymentIntentStatus;

export interface ProviderIntent {
  id: string;
  /** Handed to the browser to confirm the payment (Stripe.js, or the test provider's form). */
  clientSecret: string;
  amountCents: number;
  status: IntentStatus;
  metadata: Record<string, string>;
  /** Why the last attempt failed, in words for the buyer ('Your card was declined.'). */
  lastError: string | null;
  /** The card that authorised it, once one has. */
  card: ProviderCard | null;
}

export interface ProviderCard {
  /** The provider's reusable token for this card (a Stripe PaymentMethod id); never a number. */
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface RefundInput {
  intentId: string;
  amountCents?: number;
  idempotencyKey: string;
  reason: string;
}

export interface ProviderRefund {
  id: string;
  /** The payment it gives back from. */
  intentId: string | null;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
  /** Why it waits or failed, in the provider's words (Stripe's `pending_reason`, `failure_reason`). */
  failure: string | null;
}

/** The seller's account as `/settings/bank-account` holds it (number unsealed for the call only). */
export interface PayoutBankAccount {
  /**
   * Whose it is (the seller's refnum): a connected account is one seller's, verified as them,
   * so two sellers naming the same bank account never share one.
   */
  owner: string;
  routingNumber: string;
  accountNumber: string;
  holderName: string;
  /** Who the seller is, when they said (the provider's custom account asks for it to verify them). */
  individual?: PayoutIndividual;
}

/** The individual of a custom connected account: date of birth and the SSN's last 4 (Stripe's `individual.dob`, `individual.ssn_last_4`). */
export interface PayoutIndividual {
  dob: { day: number; month: number; year: number };
  ssnLast4: string;
}

export interface PayoutInput {
  amountCents: number;
  bankAccount: PayoutBankAccount;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** What the provider says of a seller's payouts: can they be sent, and what does it still need (its field names)? */
export interface ProviderPayoutAccount {
  status: 'not_needed' | 'action_required' | 'pending' | 'verified';
  requirements: string[];
}

export interface OnboardingLinkInput {
  bankAccount: PayoutBankAccount;
  /** Where the provider sends the seller back when they are done, and when the link has expired. */
  returnUrl: string;
  refreshUrl: string;
}

export interface ProviderPayout {
  id: string;
  amountCents: number;
  status: 'pending' | 'paid' | 'failed';
  failure: string | null;
}

/** A webhook event as the api applies it: `id` makes replays harmless (each applied once). */
export interface ProviderEvent {
  id: string;
  type:
    | 'payment_intent.amount_capturable_updated'
    | 'payment_intent.succeeded'
    | 'payment_intent.payment_failed'
    | 'payment_intent.canceled'
    | 'charge.refunded'
    // A refund's status moved on (Stripe's refund.updated, refund.failed, charge.refund.updated).
    | 'refund.updated'
    | 'payout.paid'
    | 'payout.failed'
    | 'account.updated'
    | 'other';
  /** The intent, payout or connected account the event is about, re-read from the provider before acting. */
  objectId: string;
  /**
   * Why a payout failed, in the provider's words (a `payout.failed` event's `failure_message`):
   * a failed payout is final, so the signed event is what the api records of it. For
   * `payment_intent.payment_failed`, the card's decline in the buyer's words.
   */
  failure?: string;
  /** The connected account an event of Stripe Connect happened on (a seller's payout, its account). */
  account?: string;
}

export class InvalidWebhookError extends Error {}

/** A body whose signature is good but that is not an event the api can read: refused (400), nothing applied. */
export class MalformedWebhookError extends InvalidWebhookError {}
