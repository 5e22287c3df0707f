import { payoutAccountMessages } from '@yardly/shared/rules';
import Stripe from 'stripe';
import { AppError } from '../../../errors';
import type { PayoutInput, ProviderPayout } from '../provider';
import type { connectedAccounts } from './connected-accounts';

/**
 * A seller's money goes to their bank through Stripe Connect (docs/decisions/0025, 0046): the
 * platform's balance can only pay out to the platform's own bank, so each seller's bank account
 * is the external account of a connected account of ours, made once, with manual payouts. The
 * money is transferred to that account once (the payout's transfer key), then paid out from it;
 * a payout that fails returns to that account's balance at Stripe, and is sent again from there.
 */
export function stripePayouts(stripe: Stripe, accounts: ReturnType<typeof connectedAccounts>) {
  return {
    async transfer(input: PayoutInput): Promise<{ id: string }> {
      try {
        const accountId = await accounts.accountFor(input.bankAccount);
        const transfer = await stripe.transfers.create(
          { amount: input.amountCents, currency: 'usd', destination: accountId, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: transfer.id };
      } catch (error) {
        throw refusal(error, 'transfer_refused');
      }
    },
    async moveTransfer(input: PayoutInput & { transferId: string }): Promise<{ id: string }> {
      try {
        const accountId = await accounts.accountFor(input.bankAccount);
        const transfer = await stripe.transfers.retrieve(input.transferId);
        const at = typeof transfer.destination === 'string' ? transfer.destination : transfer.destination?.id;
        if (at === accountId) return { id: transfer.id };
        // The seller changed bank account since: the money comes back from the old connected
        // account (once, whatever the tries) and goes to the new one (once per transfer it replaces).
        const left = transfer.amount - transfer.amount_reversed;
        if (left > 0) {
          await stripe.transfers.createReversal(
            transfer.id,
            { amount: left, metadata: input.metadata },
            { idempotencyKey: `reversal:${transfer.id}` },
          );
        }
        const moved = await stripe.transfers.create(
          { amount: input.amountCents, currency: 'usd', destination: accountId, metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: moved.id };
      } catch (error) {
        throw refusal(error, 'payout_refused');
      }
    },
    async payout(input: PayoutInput): Promise<ProviderPayout> {
      try {
        const accountId = await accounts.accountFor(input.bankAccount);
        const payout = await stripe.payouts.create(
          { amount: input.amountCents, currency: 'usd', metadata: input.metadata },
          { idempotencyKey: input.idempotencyKey, stripeAccount: accountId },
        );
        return toProviderPayout(payout);
      } catch (error) {
        throw refusal(error, 'payout_refused');
      }
    },
  };
}

/**
 * Stripe would not take a bank account, or would not move the money (a seller not yet verified,
 * a balance too low): a refusal with Stripe's reason, for the payout to record as failed.
 */
function refusal(error: unknown, reason: 'transfer_refused' | 'payout_refused'): unknown {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return error;
  // A seller Stripe has not verified cannot be sent money: said in the seller's words.
  const message =
    error.code === 'insufficient_capabilities_for_transfer'
      ? payoutAccountMessages.notVerified
      : `Stripe refused the payout: ${error.message}`;
  return Object.assign(new AppError(502, message, { reason }), { cause: error });
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
