import Stripe from 'stripe';
import type { Clock } from '../../../clock/clock';
import type { StripeConfig } from '../../../config';
import type { Db } from '../../../db/connect';
import { AppError } from '../../../errors';
import type { CreateIntentInput, PaymentProvider, ProviderIntent, ProviderRefund } from '../provider';
import { stripeClient } from './client';
import { connectedAccounts } from './connected-accounts';
import { withStripeErrors } from './errors';
import { toProviderIntent } from './intents';
import { stripePayouts } from './payouts';
import { readStripeWebhook } from './webhook-events';

export interface StripeProviderDeps {
  config: StripeConfig;
  db: Db;
  clock: Clock;
  secret: Uint8Array;
}

/** Every intent is read with its PaymentMethod, so an authorised intent names its card. */
const WITH_CARD = { expand: ['payment_method'] };

/**
 * The Stripe implementation of the payment provider (issue 18): PaymentIntents with manual
 * capture, so money is authorised at checkout and captured only for the order that committed.
 */
export function createStripeProvider(deps: StripeProviderDeps): PaymentProvider {
  const stripe = stripeClient(deps.config);
  const accounts = connectedAccounts({ stripe, db: deps.db, clock: deps.clock, secret: deps.secret });
  const payouts = stripePayouts(stripe, accounts);

  return {
    name: 'stripe',
    browser: { provider: 'stripe', publishableKey: deps.config.publishableKey },
    createIntent: (input) => withStripeErrors('created', () => createIntent(stripe, input)),
    retrieveIntent: (intentId) =>
      withStripeErrors('read', async () => toProviderIntent(await stripe.paymentIntents.retrieve(intentId, WITH_CARD))),
    capture: (intentId, idempotencyKey) =>
      withStripeErrors('captured', async () =>
        toProviderIntent(await stripe.paymentIntents.capture(intentId, WITH_CARD, { idempotencyKey })),
      ),
    cancel: (intentId, idempotencyKey) =>
      withStripeErrors('cancelled', async () =>
        toProviderIntent(await stripe.paymentIntents.cancel(intentId, WITH_CARD, { idempotencyKey })),
      ),
    refund: (input) =>
      withStripeErrors('refunded', async () => {
        const refund = await stripe.refunds
          .create(
            {
              payment_intent: input.intentId,
              ...(input.amountCents !== undefined && { amount: input.amountCents }),
              reason: 'requested_by_customer',
              metadata: { reason: input.reason.slice(0, 500) },
            },
            { idempotencyKey: input.idempotencyKey },
          )
          .catch(refundRefused);
        return toProviderRefund(refund);
      }),
    retrieveRefund: (refundId) =>
      withStripeErrors('read', async () => toProviderRefund(await stripe.refunds.retrieve(refundId))),
    transfer: (input) => withStripeErrors('transferred', () => payouts.transfer(input)),
    payout: (input) => withStripeErrors('paid out', () => payouts.payout(input)),
    moveTransfer: (input) => withStripeErrors('transferred', () => payouts.moveTransfer(input)),
    refundedCents: (intentId) =>
      withStripeErrors('read', async () => {
        let total = 0;
        // Every refund of the intent's charge that Stripe made, the dashboard's too: one it holds
        // (pending) may still fail, and one that failed gave nothing back.
        for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
          if (refund.status === 'succeeded') total += refund.amount;
        }
        return total;
      }),
    heldRefundCents: (intentId) =>
      withStripeErrors('read', async () => {
        let total = 0;
        for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
          if (refund.status === 'pending' || refund.status === 'requires_action') total += refund.amount;
        }
        return total;
      }),
    payoutAccountStatus: (bankAccount) => withStripeErrors('read', () => accounts.status(bankAccount)),
    onboardingLink: (input) => withStripeErrors('verified', () => accounts.onboardingLink(input)),
    payoutIndividualChanged: (bankAccount) =>
      withStripeErrors('updated', () => accounts.individualChanged(bankAccount)),
    payoutAccountChanged: (tx, accountId) => withStripeErrors('read', () => accounts.changed(tx, accountId)),
    readWebhook: (rawBody, signatureHeader) =>
      readStripeWebhook(
        stripe,
        deps.config.webhookSecret,
        deps.clock.now(),
        rawBody,
        signatureHeader,
        deps.config.connectWebhookSecret,
      ),
  };
}

/**
 * A new intent for the browser to confirm with Stripe.js; with a saved card, confirmed here at
 * once. `setup_future_usage` lets the buyer keep the card: Stripe allows a PaymentMethod to be
 * attached to a Customer (and so reused) only when the first payment said so.
 */
async function createIntent(stripe: Stripe, input: CreateIntentInput): Promise<ProviderIntent> {
  const base: Stripe.PaymentIntentCreateParams = {
    amount: input.amountCents,
    currency: 'usd',
    capture_method: 'manual',
    allowed_payment_method_types: ['card'],
    setup_future_usage: 'on_session',
    metadata: input.metadata,
    ...WITH_CARD,
  };
  const key = input.idempotencyKey;
  if (!input.savedCardToken) return toProviderIntent(await stripe.paymentIntents.create(base, { idempotencyKey: key }));
  const customer = await customerOf(stripe, input.savedCardToken, key, input.metadata);
  try {
    const intent = await stripe.paymentIntents.create(
      { ...base, customer, payment_method: input.savedCardToken, confirm: true },
      { idempotencyKey: key },
    );
    return toProviderIntent(intent);
  } catch (error) {
    // A declined saved card still made an intent: answer it with the decline, as Stripe.js would.
    if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
      return toProviderIntent(await stripe.paymentIntents.retrieve(error.payment_intent.id, WITH_CARD));
    }
    throw error;
  }
}

/** The Customer a saved card belongs to: made on its first reuse, which attaches the card to it. */
async function customerOf(
  stripe: Stripe,
  token: string,
  idempotencyKey: string,
  metadata: Record<string, string>,
): Promise<string> {
  const method = await stripe.paymentMethods.retrieve(token);
  if (method.customer) return typeof method.customer === 'string' ? method.customer : method.customer.id;
  const customer = await stripe.customers.create(
    { payment_method: token, metadata },
    { idempotencyKey: `${idempotencyKey}:customer` },
  );
  return customer.id;
}

function toProviderRefund(refund: Stripe.Refund): ProviderRefund {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : ['failed', 'canceled'].includes(refund.status ?? '')
        ? 'failed'
        : 'pending';
  const failure =
    status === 'failed'
      ? (refund.failure_reason ?? refund.status ?? 'failed')
      : status === 'pending'
        ? (refund.pending_reason ?? refund.status ?? 'pending')
        : null;
  const intentId =
    typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null);
  return { id: refund.id, intentId, amountCents: refund.amount, status, failure };
}

/**
 * Stripe refusing to create a refund (a request it read and will not do: more than is left to
 * refund, a charge disputed): nothing moved, and the same key would be refused the same. Already
 * refunded and outages keep their own answers (errors.ts).
 */
function refundRefused(error: unknown): never {
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code !== 'charge_already_refunded' &&
    error.code !== 'resource_missing' &&
    error.type !== 'StripeIdempotencyError'
  ) {
    throw Object.assign(
      new AppError(409, `The payment service refused the refund: ${error.message}`, { reason: 'refund_refused' }),
      { cause: error },
    );
  }
  throw error;
}
