import type { Stripe } from '@stripe/stripe-js';
import type { PaymentConfig } from '@yardly/shared/contract';

/** Loads Stripe.js for a publishable key (null when the browser has no document to load it in). */
export type LoadStripe = (publishableKey: string) => Promise<Stripe | null>;

/**
 * Stripe.js from js.stripe.com, on demand: the `pure` entry injects its script only when called
 * (the package's main entry injects it on import), and this module is imported only by the
 * checkout, so no other page, and no test-provider checkout, ever loads it.
 */
const loadFromStripe: LoadStripe = async (publishableKey) => {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(publishableKey);
};

/** The Stripe object for the checkout when Stripe takes the payments; null for the built-in test provider. */
export async function stripeFor(config: PaymentConfig, load: LoadStripe = loadFromStripe): Promise<Stripe | null> {
  if (config.provider !== 'stripe') return null;
  const stripe = await load(config.publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load');
  return stripe;
}
