import type { Clock } from '../../clock/clock';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { PaymentProvider } from './provider';
import { createTestProvider } from './test-provider/provider';

/**
 * The payment provider this installation pays through, a function of its configuration: the
 * built-in test provider unless Stripe is configured (the Stripe branch joins here).
 */
export function createPaymentProvider(deps: { config: Config; db: Db; clock: Clock }): PaymentProvider {
  return createTestProvider({ db: deps.db, clock: deps.clock });
}
