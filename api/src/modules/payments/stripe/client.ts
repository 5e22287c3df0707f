import Stripe from 'stripe';
import type { StripeConfig } from '../../../config';

/**
 * The official client, pointed at STRIPE_API_BASE when it is set (the tests' local stand-in),
 * else at api.stripe.com. Every write carries our idempotency key, so its own retries are safe.
 */
export function stripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Yardly' },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}
