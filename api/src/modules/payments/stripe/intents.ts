import { paymentIntentStatusSchema } from '@yardly/shared/contract';
import type Stripe from 'stripe';
import type { IntentStatus, ProviderCard, ProviderIntent } from '../provider';

const STATUSES: readonly string[] = paymentIntentStatusSchema.options;

/** A Stripe PaymentIntent as the api reads an intent (its PaymentMethod expanded for the card). */
export function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    // A status newer than this code knows is treated as still in progress: nothing acts on it.
    status: STATUSES.includes(intent.status) ? (intent.status as IntentStatus) : 'processing',
    metadata: { ...intent.metadata },
    lastError: intent.last_payment_error?.message ?? null,
    card: typeof intent.payment_method === 'object' ? cardOf(intent.payment_method) : null,
  };
}

/** The reusable token and the printable parts of a card; a PaymentMethod of another kind has none. */
function cardOf(method: Stripe.PaymentMethod | null): ProviderCard | null {
  if (!method?.card) return null;
  return {
    token: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}
