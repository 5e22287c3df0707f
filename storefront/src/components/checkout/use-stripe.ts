import type { Stripe } from '@stripe/stripe-js';
import type { PaymentConfig } from '@yardly/shared/contract';
import { useEffect, useState } from 'react';
import { logFailure } from '../../lib/log-failure';
import { stripeFor } from './stripe-loader';

export type StripeLoad = { status: 'loading' } | { status: 'ready'; stripe: Stripe | null } | { status: 'failed' };

/** Stripe.js for a Stripe checkout, loaded once the form shows; ready at once (with none) for the test provider. */
export function useStripe(config: PaymentConfig): StripeLoad {
  const [load, setLoad] = useState<StripeLoad>(
    config.provider === 'stripe' ? { status: 'loading' } : { status: 'ready', stripe: null },
  );
  useEffect(() => {
    if (config.provider !== 'stripe') return;
    let live = true;
    stripeFor(config).then(
      (stripe) => live && setLoad({ status: 'ready', stripe }),
      (cause) => {
        logFailure('Stripe.js did not load', cause);
        if (live) setLoad({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [config]);
  return load;
}
