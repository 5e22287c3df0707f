import type { PaymentIntentResult, StripeCardElement } from '@stripe/stripe-js';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { cardMessages } from '@yardly/shared/rules';
import { describe, expect, it, vi } from 'vitest';
import { type StripeConfirm, stripeCardCollector, testCardCollector } from './card-collector';

const intent = { paymentIntentId: 'pi_test_1', clientSecret: 'pi_test_1_secret_abc' };
const NOW = new Date('2026-11-26T12:00:00Z');
const card = { number: '4242 4242 4242 4242', exp: '04/30', cvc: '123' };

/** Stripe.js as the checkout uses it: records each confirmCardPayment and answers what the test says. */
function fakeStripe(...answers: (PaymentIntentResult | Error)[]) {
  const calls: unknown[][] = [];
  const stripe: StripeConfirm = {
    confirmCardPayment: vi.fn(async (...args: unknown[]) => {
      calls.push(args);
      const answer = answers.shift();
      if (!answer) throw new Error('no answer left');
      if (answer instanceof Error) throw answer;
      return answer;
    }) as StripeConfirm['confirmCardPayment'],
  };
  return { stripe, calls };
}

function intentIn(status: string): PaymentIntentResult {
  return { paymentIntent: { id: intent.paymentIntentId, status } } as PaymentIntentResult;
}

function stripeError(error: Record<string, unknown>): PaymentIntentResult {
  return { error } as unknown as PaymentIntentResult;
}

/** The card element is Stripe's (it cannot run here); the collector only hands it to confirmCardPayment. */
const element = { mounted: true } as unknown as StripeCardElement;

describe('the test provider’s card collector', () => {
  it('checks the typed card with the shared rules before anything is sent', () => {
    const confirm = vi.fn();
    const collector = testCardCollector({ number: '4242 4242 4242 4241', exp: '13/2', cvc: '1' }, confirm);
    expect(collector.check(NOW)).toEqual({
      number: cardMessages.invalidNumber,
      exp: cardMessages.invalidExpiry,
      cvc: cardMessages.invalidCvc,
    });
    expect(testCardCollector(card, confirm).check(NOW)).toEqual({});
    expect(confirm).not.toHaveBeenCalled();
  });

  it('confirms the intent with the card: authorised, declined (402), refused fields (400), or a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent: unknown[] = [];
    const answers: (Error | null)[] = [
      null,
      new ApiError({ code: 402, status: 402, message: cardMessages.insufficientFunds }),
      new ApiError({
        code: 400,
        status: 400,
        message: 'Invalid',
        errors: [{ field: 'exp', message: cardMessages.expired }],
      }),
      new TypeError('Failed to fetch'),
    ];
    const collector = testCardCollector(card, async (body) => {
      sent.push(body);
      const answer = answers.shift();
      if (answer) throw answer;
      return {};
    });
    expect(await collector.authorise(intent)).toEqual({ kind: 'authorised' });
    expect(sent[0]).toEqual({ paymentIntentId: 'pi_test_1', ...card });
    expect(await collector.authorise(intent)).toEqual({ kind: 'declined', message: cardMessages.insufficientFunds });
    expect(await collector.authorise(intent)).toEqual({ kind: 'invalid', errors: { exp: cardMessages.expired } });
    expect(await collector.authorise(intent)).toEqual({ kind: 'failed', message: GENERIC_ERROR_MESSAGE });
  });

  it('cannot finish a bank’s challenge (the test provider never asks for one)', async () => {
    expect(await testCardCollector(card, vi.fn()).finishAction(intent)).toEqual({
      kind: 'failed',
      message: GENERIC_ERROR_MESSAGE,
    });
  });
});

describe('the Stripe card collector (with a fake Stripe.js)', () => {
  it('confirms the intent by its client secret with the card element, and is authorised once it awaits capture', async () => {
    const { stripe, calls } = fakeStripe(intentIn('requires_capture'));
    const collector = stripeCardCollector(stripe, element);
    expect(collector.check(NOW)).toEqual({});
    expect(await collector.authorise(intent)).toEqual({ kind: 'authorised' });
    expect(calls).toEqual([['pi_test_1_secret_abc', { payment_method: { card: element } }]]);
  });

  it('hands the buyer Stripe’s words for a decline or an incomplete card', async () => {
    const { stripe } = fakeStripe(
      stripeError({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }),
      stripeError({ type: 'validation_error', message: 'Your card number is incomplete.' }),
      stripeError({ type: 'card_error' }),
    );
    const collector = stripeCardCollector(stripe, element);
    expect(await collector.authorise(intent)).toEqual({ kind: 'declined', message: 'Your card was declined.' });
    expect(await collector.authorise(intent)).toEqual({ kind: 'declined', message: 'Your card number is incomplete.' });
    expect(await collector.authorise(intent)).toEqual({ kind: 'declined', message: cardMessages.declined });
  });

  it('keeps Stripe’s developer messages from the buyer: an api or connection error is a plain failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { stripe } = fakeStripe(
      stripeError({ type: 'invalid_request_error', message: 'No such payment_intent: pi_x' }),
      new TypeError('Failed to fetch'),
      intentIn('processing'),
    );
    const collector = stripeCardCollector(stripe, element);
    for (let i = 0; i < 3; i += 1)
      expect(await collector.authorise(intent)).toEqual({ kind: 'failed', message: GENERIC_ERROR_MESSAGE });
  });

  it('reads an intent already authorised (a retry after a lost answer) as authorised', async () => {
    const { stripe } = fakeStripe(
      stripeError({
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        payment_intent: { status: 'requires_capture' },
      }),
    );
    expect(await stripeCardCollector(stripe, element).authorise(intent)).toEqual({ kind: 'authorised' });
  });

  it('sends nothing without a mounted card element', async () => {
    const { stripe, calls } = fakeStripe();
    expect(await stripeCardCollector(stripe, null).authorise(intent)).toEqual({
      kind: 'failed',
      message: GENERIC_ERROR_MESSAGE,
    });
    expect(calls).toEqual([]);
  });

  it('finishes a saved card’s 3-D Secure with the client secret alone; a failed challenge is a decline', async () => {
    const { stripe, calls } = fakeStripe(intentIn('requires_capture'), intentIn('requires_payment_method'));
    const collector = stripeCardCollector(stripe, null);
    expect(await collector.finishAction(intent)).toEqual({ kind: 'authorised' });
    expect(calls).toEqual([['pi_test_1_secret_abc']]);
    expect(await collector.finishAction(intent)).toEqual({ kind: 'declined', message: cardMessages.declined });
  });
});
