import type { PaymentIntentResult, Stripe, StripeCardElement } from '@stripe/stripe-js';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { CallBody, testProviderConfirmCall } from '@yardly/shared/contract';
import { cardMessages } from '@yardly/shared/rules';
import { logFailure } from '../../lib/log-failure';
import { type CardErrors, type CardInput, cardErrors, cardErrorsFrom } from './card-form-view';

/** An intent the api made for this checkout attempt: what a card needs to authorise it. */
export interface PayableIntent {
  paymentIntentId: string;
  clientSecret: string;
}

/** What became of a card's try at an intent. */
export type CardOutcome =
  | { kind: 'authorised' }
  /** The card's or the bank's own words ('Your card was declined.'), shown beside the card; another card may be tried. */
  | { kind: 'declined'; message: string }
  /** Fields of the test form the api refused (400 under number, exp or cvc). */
  | { kind: 'invalid'; errors: CardErrors }
  /** Anything else (the network, an outage): said plainly, the attempt kept for a retry. */
  | { kind: 'failed'; message: string };

/**
 * How the checkout collects a card, whatever the provider: the built-in test provider's form or
 * Stripe.js. The checkout's logic (attempts, keys, placing the order) is the same for both.
 */
export interface CardCollector {
  /** The typed card's own mistakes, found before anything is sent (empty: it can be sent). */
  check(now: Date): CardErrors;
  /** A new card authorises the intent (manual capture: the money is held, not taken). */
  authorise(intent: PayableIntent): Promise<CardOutcome>;
  /** The bank asks the buyer to confirm a saved card's payment (3-D Secure): only Stripe.js can. */
  finishAction(intent: PayableIntent): Promise<CardOutcome>;
}

type TestConfirm = (body: CallBody<typeof testProviderConfirmCall>) => Promise<unknown>;

/** The built-in test provider's form: the card is checked by the shared rules, then sent to the api's confirm call. */
export function testCardCollector(card: CardInput, confirm: TestConfirm): CardCollector {
  return {
    check: (now) => cardErrors(card, now),
    async authorise({ paymentIntentId }) {
      try {
        await confirm({ paymentIntentId, ...card });
        return { kind: 'authorised' };
      } catch (cause) {
        // A decline or a refused card is an answer, shown beside the card: only a failure is logged.
        if (cause instanceof ApiError && cause.status === 402) return { kind: 'declined', message: cause.message };
        if (cause instanceof ApiError && cause.status === 400 && cause.errors.length > 0)
          return { kind: 'invalid', errors: cardErrorsFrom(cause.errors) };
        logFailure('The card did not authorise the payment', cause);
        return { kind: 'failed', message: cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE };
      }
    },
    // The test provider authorises a saved card at once or declines it: it never asks the buyer.
    finishAction: async () => ({ kind: 'failed', message: GENERIC_ERROR_MESSAGE }),
  };
}

/** The part of Stripe.js the checkout uses (a fake one in the unit tests: Stripe.js cannot load there). */
export type StripeConfirm = Pick<Stripe, 'confirmCardPayment'>;

/** Stripe's answer as the checkout reads it; its error messages for card and validation errors are the buyer's to read. */
export function stripeOutcome(result: PaymentIntentResult): CardOutcome {
  if (result.error) {
    const { error } = result;
    // Confirmed already (a retry after an answer that got lost): the money is held, nothing to do again.
    if (error.payment_intent?.status === 'requires_capture') return { kind: 'authorised' };
    if (error.type === 'card_error' || error.type === 'validation_error')
      return { kind: 'declined', message: error.message ?? cardMessages.declined };
    logFailure('Stripe did not confirm the payment', error);
    return { kind: 'failed', message: GENERIC_ERROR_MESSAGE };
  }
  switch (result.paymentIntent.status) {
    case 'requires_capture':
      return { kind: 'authorised' };
    // A failed 3-D Secure leaves the intent waiting for another card.
    case 'requires_payment_method':
      return { kind: 'declined', message: cardMessages.declined };
    default:
      console.error('Stripe left the payment in an unexpected state', result.paymentIntent.status);
      return { kind: 'failed', message: GENERIC_ERROR_MESSAGE };
  }
}

/**
 * Stripe.js with its card element: the card goes from Stripe's own fields to Stripe
 * (`confirmCardPayment` with the intent's client secret), never through Yardly. Stripe checks
 * the card itself, so there is nothing to check before sending.
 */
export function stripeCardCollector(stripe: StripeConfirm, card: StripeCardElement | null): CardCollector {
  return {
    check: () => ({}),
    async authorise({ clientSecret }) {
      if (!card) return { kind: 'failed', message: GENERIC_ERROR_MESSAGE };
      return confirmed(() => stripe.confirmCardPayment(clientSecret, { payment_method: { card } }));
    },
    // The intent already names its (saved) card: Stripe.js runs the bank's challenge and confirms it.
    finishAction: ({ clientSecret }) => confirmed(() => stripe.confirmCardPayment(clientSecret)),
  };
}

/** Stripe.js answers its errors, but a page that lost its connection may still reject. */
async function confirmed(confirm: () => Promise<PaymentIntentResult>): Promise<CardOutcome> {
  try {
    return stripeOutcome(await confirm());
  } catch (cause) {
    logFailure('Stripe.js could not confirm the payment', cause);
    return { kind: 'failed', message: GENERIC_ERROR_MESSAGE };
  }
}
