import { payoutAccountMessages } from '@yardly/shared/rules';
import Stripe from 'stripe';
import { AppError } from '../../../errors';
import type { PayoutInput, ProviderPayout } from '../provider';
import type { connectedAccounts } from './connected-accounts';

/**
 * A seller's money goes to their bank through Stripe Connect (docs/decisions/0025): the
 * platform's balance can only pay out to the platform's own bank, so each seller's bank
 * account is the external account of a connected account of ours, made once. A payout is a
 * transfer to that account, then a payout from it; both carry the payout's idempotency key,
 * so a retry with the same key moves the money once.
 */
export function stripePayouts(stripe: Stripe, accounts: ReturnType<typeof connectedAccounts>) {
  return async function payout(input: PayoutInput): Promise<ProviderPayout> {
    try {
      const accountId = await accounts.accountFor(input.bankAccount);
      await stripe.transfers.create(
        { amount: input.amountCents, currency: 'usd', destination: accountId, metadata: input.metadata },
        { idempotencyKey: `${input.idempotencyKey}:transfer` },
      );
      const payout = await stripe.payouts.create(
        { amount: input.amountCents, currency: 'usd', metadata: input.metadata },
        { idempotencyKey: `${input.idempotencyKey}:payout`, stripeAccount: accountId },
      );
      return toProviderPayout(payout);
    } catch (error) {
      // Stripe would not take a bank account, or would not send the money on (a seller not yet
      // verified, a platform balance too low): a failed payout to retry, with Stripe's reason.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        // A seller Stripe has not verified cannot be sent money: said in the seller's words.
        const message =
          error.code === 'insufficient_capabilities_for_transfer'
            ? payoutAccountMessages.notVerified
            : `Stripe refused the payout: ${error.message}`;
        throw new AppError(502, message, { reason: 'payout_refused' });
      }
      throw error;
    }
  };
}

function toProviderPayout(payout: Stripe.Payout): ProviderPayout {
  const status =
    payout.status === 'paid' ? 'paid' : ['failed', 'canceled'].includes(payout.status) ? 'failed' : 'pending';
  return {
    id: payout.id,
    amountCents: payout.amount,
    status,
    failure: payout.failure_message ?? (status === 'failed' ? `The payout was ${payout.status}` : null),
  };
}
