import Stripe from 'stripe';
import { AppError } from '../../../errors';

/**
 * What a person is told when Stripe refuses or cannot be reached. Stripe's own messages are
 * written for developers (they name parameters and states), so they go to the log, not to
 * the page; a refusal of ours is a 409 with a machine reason, an outage a 502 to retry.
 */
export async function withStripeErrors<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(what, error);
  }
}

function toAppError(what: string, error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const cause = { cause: error };
  if (error.code === 'resource_missing') {
    return Object.assign(new AppError(404, 'This payment was not found', { reason: 'payment_not_found' }), cause);
  }
  if (error.code === 'payment_intent_unexpected_state') {
    return Object.assign(
      new AppError(409, `This payment cannot be ${what} now: it has moved on`, { reason: 'payment_state' }),
      cause,
    );
  }
  if (error.code === 'charge_already_refunded') {
    return Object.assign(
      new AppError(409, 'This payment has already been refunded', { reason: 'already_refunded' }),
      cause,
    );
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return Object.assign(
      new AppError(502, 'The payment service did not answer; try again in a minute', {
        reason: 'provider_unavailable',
      }),
      cause,
    );
  }
  // Anything else is a request of ours Stripe could not take: a bug, answered 500 and logged.
  return error;
}
