import type { Clock } from '../../clock/clock';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe/provider';
import { createTestProvider } from './test-provider/provider';

/**
 * The payment provider this installation pays through, a function of its configuration: Stripe
 * when both its keys are set (docs/decisions/0025), the built-in test provider otherwise.
 */
export function createPaymentProvider(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  secret: Uint8Array;
}): PaymentProvider {
  const { config, db, clock, secret } = deps;
  if (config.stripe) return createStripeProvider({ config: config.stripe, db, clock, secret });
  return createTestProvider({ db, clock });
}
