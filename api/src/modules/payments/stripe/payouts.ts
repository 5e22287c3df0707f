import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Clock } from '../../../clock/clock';
import type { Db } from '../../../db/connect';
import { stripeConnectedAccounts } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import type { PayoutInput, ProviderPayout } from '../provider';

export interface StripePayoutDeps {
  stripe: Stripe;
  db: Db;
  clock: Clock;
  /** Keys the bank account's fingerprint, so the table names an account without holding its number. */
  secret: Uint8Array;
}

/**
 * A seller's money goes to their bank through Stripe Connect (docs/decisions/0025): the
 * platform's balance can only pay out to the platform's own bank, so each seller's bank
 * account is the external account of a connected account of ours, made once. A payout is a
 * transfer to that account, then a payout from it; both carry the payout's idempotency key,
 * so a retry with the same key moves the money once.
 */
export function stripePayouts(deps: StripePayoutDeps) {
  const { stripe, db, clock } = deps;

  async function connectedAccountFor(input: PayoutInput): Promise<string> {
    const { routingNumber, accountNumber, holderName } = input.bankAccount;
    const fingerprint = createHmac('sha256', deps.secret).update(`${routingNumber}:${accountNumber}`).digest('hex');
    const known = await db
      .select({ accountId: stripeConnectedAccounts.accountId })
      .from(stripeConnectedAccounts)
      .where(eq(stripeConnectedAccounts.bankFingerprint, fingerprint));
    if (known[0]) return known[0].accountId;
    // Two first payouts at once make one account: Stripe answers the same key with the same account.
    const account = await stripe.accounts.create(
      {
        type: 'custom',
        country: 'US',
        business_type: 'individual',
        capabilities: { transfers: { requested: true } },
        external_account: {
          object: 'bank_account',
          country: 'US',
          currency: 'usd',
          routing_number: routingNumber,
          account_number: accountNumber,
          account_holder_name: holderName,
          account_holder_type: 'individual',
        },
        metadata: input.metadata,
      },
      { idempotencyKey: `connected-account-${fingerprint}` },
    );
    await db
      .insert(stripeConnectedAccounts)
      .values({ bankFingerprint: fingerprint, accountId: account.id, createdAt: clock.now() })
      .onConflictDoNothing();
    return account.id;
  }

  return async function payout(input: PayoutInput): Promise<ProviderPayout> {
    try {
      const accountId = await connectedAccountFor(input);
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
        throw new AppError(502, `Stripe refused the payout: ${error.message}`, { reason: 'payout_refused' });
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
