// @vitest-environment happy-dom
import type { PaymentIntentResult } from '@stripe/stripe-js';
import { cardMessages } from '@yardly/shared/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type StripeConfirm, stripeCardCollector, testCardCollector } from '../components/checkout/card-collector';
import { browserApi } from '../lib/api';
import { fakeApi, type SentCall } from '../test/fake-api';
import { $checkout, chooseDelivery, payWith, placeWithRewards, startCheckout } from './checkout';

const ref = { itemRefnum: 'L0123456789A' };
const SHIP = { deliveryMethod: 'ship', addressId: 'A0123456789B' } as const;
const AMOUNT = { itemPrice: 2500, shipping: 899, rewards: 0, total: 3399 };
const NOW = new Date('2026-11-26T12:00:00Z');
const CARD = { number: '4242 4242 4242 4242', exp: '04/30', cvc: '123' };
const SAVED = 'C0123456789D';
const VISA = { brand: 'Visa', last4: '4242' };

const testCollector = () => testCardCollector(CARD, (body) => browserApi.checkout.confirm(body));

/** createPI as the api answers it: one intent per Idempotency-Key (a replay answers the same), with a status. */
function intents(statusFor: (body: Record<string, unknown>) => string | { status: number; msg: string }) {
  const byKey = new Map<string, { paymentIntentId: string; status: string }>();
  return (call: SentCall) => {
    const key = call.headers.get('Idempotency-Key') ?? '';
    const body = call.body as Record<string, unknown>;
    const known = byKey.get(key);
    const answer = known ?? { paymentIntentId: `pi_${byKey.size + 1}`, status: '' };
    const status = statusFor(body);
    if (typeof status !== 'string') return status;
    if (!known) answer.status = status;
    byKey.set(key, answer);
    return { data: { ...answer, clientSecret: `${answer.paymentIntentId}_secret`, amount: AMOUNT } };
  };
}

const placed = { data: { orderId: 'O0123456789E', listingRefnum: ref.itemRefnum, status: 'paid' } };

function keyOf(call: SentCall | undefined): string | null {
  return call?.headers.get('Idempotency-Key') ?? null;
}

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('checkout with a new card', () => {
  it('pays the intent the delivery was priced with when the card is not saved', async () => {
    const api = fakeApi({
      'POST /payment/createPI': intents(() => 'requires_payment_method'),
      'POST /payment/test-provider/confirm': () => ({
        data: { paymentIntentId: 'pi_1', status: 'requires_capture', card: VISA },
      }),
      'POST /orders/place': () => placed,
    });
    startCheckout(ref);
    await chooseDelivery(SHIP);
    expect($checkout.get()).toMatchObject({ status: 'ready', amount: AMOUNT, authorised: false });

    await payWith(testCollector(), { kind: 'new', save: false }, NOW);
    const created = api.to('POST', '/payment/createPI');
    expect(created.map((c) => c.body)).toEqual([{ listingRefnum: ref.itemRefnum, ...SHIP }]);
    expect(api.to('POST', '/payment/test-provider/confirm').map((c) => c.body)).toEqual([
      { paymentIntentId: 'pi_1', ...CARD },
    ]);
    expect(api.to('POST', '/orders/place').map((c) => c.body)).toEqual([{ paymentIntentId: 'pi_1' }]);
    expect($checkout.get().placed).toEqual({ orderId: 'O0123456789E', listingRefnum: ref.itemRefnum });
  });

  it('asks createPI to save the card ("Save this card for next time") in an attempt of its own, then pays that intent', async () => {
    const api = fakeApi({
      'POST /payment/createPI': intents(() => 'requires_payment_method'),
      'POST /payment/test-provider/confirm': () => ({
        data: { paymentIntentId: 'pi_2', status: 'requires_capture', card: VISA },
      }),
      'POST /orders/place': () => placed,
    });
    startCheckout(ref);
    await chooseDelivery(SHIP);
    await payWith(testCollector(), { kind: 'new', save: true }, NOW);

    const [priced, saving] = api.to('POST', '/payment/createPI');
    expect(saving?.body).toEqual({ listingRefnum: ref.itemRefnum, ...SHIP, saveCard: true });
    expect(keyOf(saving)).not.toBe(keyOf(priced));
    expect(
      api
        .to('POST', '/payment/test-provider/confirm')
        .map((c) => (c.body as { paymentIntentId: string }).paymentIntentId),
    ).toEqual(['pi_2']);
    expect(api.to('POST', '/orders/place').map((c) => c.body)).toEqual([{ paymentIntentId: 'pi_2' }]);
  });

  it('sends nothing for a card the shared rules refuse, and shows each field’s problem', async () => {
    const api = fakeApi({ 'POST /payment/createPI': intents(() => 'requires_payment_method') });
    startCheckout(ref);
    await chooseDelivery(SHIP);
    const collector = testCardCollector({ number: '4242', exp: '', cvc: '' }, (body) =>
      browserApi.checkout.confirm(body),
    );
    await payWith(collector, { kind: 'new', save: true }, NOW);
    expect($checkout.get().cardErrors).toEqual({
      number: cardMessages.invalidNumber,
      exp: cardMessages.invalidExpiry,
      cvc: cardMessages.invalidCvc,
    });
    expect(api.calls).toHaveLength(1);
    expect($checkout.get().status).toBe('ready');
  });

  it('with Stripe: Stripe.js confirms the priced intent by its client secret with the card element, then the order is placed', async () => {
    const api = fakeApi({
      'POST /payment/createPI': intents(() => 'requires_payment_method'),
      'POST /offer/pay-and-pickup': () => ({
        data: { ...placed.data, status: 'awaiting_pickup', pickupCode: '123456' },
      }),
    });
    const confirmCardPayment = vi.fn(
      async () => ({ paymentIntent: { id: 'pi_1', status: 'requires_capture' } }) as PaymentIntentResult,
    );
    const element = { mounted: true } as never;
    startCheckout(ref);
    await chooseDelivery({ deliveryMethod: 'pickup' });
    await payWith(
      stripeCardCollector({ confirmCardPayment } as StripeConfirm, element),
      { kind: 'new', save: false },
      NOW,
    );
    expect(confirmCardPayment).toHaveBeenCalledExactlyOnceWith('pi_1_secret', { payment_method: { card: element } });
    expect(api.to('POST', '/offer/pay-and-pickup').map((c) => c.body)).toEqual([
      { listingRefnum: ref.itemRefnum, paymentIntentId: 'pi_1' },
    ]);
    expect($checkout.get().status).toBe('placed');
  });
});

describe('checkout with a saved card', () => {
  it('sends paymentCardId and places the order at once when the api answers requires_capture: no card is typed or confirmed', async () => {
    const api = fakeApi({
      'POST /payment/createPI': intents((body) =>
        body.paymentCardId ? 'requires_capture' : 'requires_payment_method',
      ),
      'POST /orders/place': () => placed,
    });
    startCheckout(ref);
    await chooseDelivery(SHIP);
    const collector = testCardCollector({ number: '', exp: '', cvc: '' }, () => {
      throw new Error('a saved card is not confirmed by the card form');
    });
    await payWith(collector, { kind: 'saved', cardId: SAVED }, NOW);
    const [priced, paying] = api.to('POST', '/payment/createPI');
    expect(paying?.body).toEqual({ listingRefnum: ref.itemRefnum, ...SHIP, paymentCardId: SAVED });
    expect(keyOf(paying)).not.toBe(keyOf(priced));
    expect(api.to('POST', '/orders/place').map((c) => c.body)).toEqual([{ paymentIntentId: 'pi_2' }]);
    expect($checkout.get().status).toBe('placed');
  });

  it('shows the bank’s words for a decline (402), places nothing, and pays again under a new key', async () => {
    let declines = 1;
    const api = fakeApi({
      'POST /payment/createPI': intents((body) => {
        if (!body.paymentCardId) return 'requires_payment_method';
        if (declines-- > 0) return { status: 402, msg: cardMessages.insufficientFunds };
        return 'requires_capture';
      }),
      'POST /orders/place': () => placed,
    });
    startCheckout(ref);
    await chooseDelivery(SHIP);
    await payWith(testCollector(), { kind: 'saved', cardId: SAVED }, NOW);
    expect($checkout.get()).toMatchObject({ status: 'ready', decline: cardMessages.insufficientFunds, amount: AMOUNT });
    expect(api.to('POST', '/orders/place')).toEqual([]);

    await payWith(testCollector(), { kind: 'saved', cardId: SAVED }, NOW);
    const [, declined, paid] = api.to('POST', '/payment/createPI');
    expect(keyOf(paid)).not.toBe(keyOf(declined));
    expect($checkout.get()).toMatchObject({ status: 'placed', decline: null });
  });

  it('lets Stripe.js finish a bank’s challenge (requires_action), then places the order', async () => {
    const api = fakeApi({
      'POST /payment/createPI': intents((body) => (body.paymentCardId ? 'requires_action' : 'requires_payment_method')),
      'POST /orders/place': () => placed,
    });
    const confirmCardPayment = vi.fn(
      async () => ({ paymentIntent: { id: 'pi_2', status: 'requires_capture' } }) as PaymentIntentResult,
    );
    startCheckout(ref);
    await chooseDelivery(SHIP);
    await payWith(
      stripeCardCollector({ confirmCardPayment } as StripeConfirm, null),
      { kind: 'saved', cardId: SAVED },
      NOW,
    );
    expect(confirmCardPayment).toHaveBeenCalledExactlyOnceWith('pi_2_secret');
    expect(api.to('POST', '/orders/place').map((c) => c.body)).toEqual([{ paymentIntentId: 'pi_2' }]);
  });

  it('after a reload, resumes the same attempt with the same key and places it without paying again', async () => {
    let placing = 0;
    const api = fakeApi({
      'POST /payment/createPI': intents((body) =>
        body.paymentCardId ? 'requires_capture' : 'requires_payment_method',
      ),
      'POST /orders/place': () => {
        placing += 1;
        if (placing === 1) throw new TypeError('Failed to fetch');
        return placed;
      },
    });
    startCheckout(ref);
    await chooseDelivery(SHIP);
    await payWith(testCollector(), { kind: 'saved', cardId: SAVED }, NOW);
    expect($checkout.get()).toMatchObject({
      status: 'ready',
      authorised: true,
      problem: 'There was an error, please try again',
    });
    const paying = api.to('POST', '/payment/createPI')[1];

    // The reload: the page starts again from this tab's storage and prices the same delivery.
    startCheckout(ref);
    expect($checkout.get().choice).toEqual({ ...SHIP, paymentCardId: SAVED });
    await chooseDelivery(SHIP);
    const resumed = api.to('POST', '/payment/createPI')[2];
    expect(resumed?.body).toEqual(paying?.body);
    expect(keyOf(resumed)).toBe(keyOf(paying));
    expect($checkout.get()).toMatchObject({ status: 'ready', authorised: true });

    await payWith(testCollector(), { kind: 'saved', cardId: SAVED }, NOW);
    expect(api.to('POST', '/payment/createPI')).toHaveLength(3);
    expect(api.to('POST', '/orders/place').map((c) => c.body)).toEqual([
      { paymentIntentId: 'pi_2' },
      { paymentIntentId: 'pi_2' },
    ]);
    expect($checkout.get().status).toBe('placed');
  });
});

describe('checkout with rewards', () => {
  it('turning rewards off prices a new attempt that asks createPI not to use them', async () => {
    const api = fakeApi({ 'POST /payment/createPI': intents(() => 'requires_payment_method') });
    startCheckout(ref);
    await chooseDelivery(SHIP);
    await chooseDelivery({ ...SHIP, useRewards: false });
    const [withRewards, without] = api.to('POST', '/payment/createPI');
    expect(withRewards?.body).toEqual({ listingRefnum: ref.itemRefnum, ...SHIP });
    expect(without?.body).toEqual({ listingRefnum: ref.itemRefnum, ...SHIP, useRewards: false });
    expect(keyOf(without)).not.toBe(keyOf(withRewards));
  });

  it('places an order the rewards pay wholly without a card', async () => {
    const whole = { itemPrice: 400, shipping: 0, rewards: 400, total: 0 };
    const api = fakeApi({
      'POST /payment/createPI': () => ({
        data: { paymentIntentId: 'rewards_1', clientSecret: '', status: 'requires_capture', amount: whole },
      }),
      'POST /orders/place': () => placed,
    });
    startCheckout(ref);
    await chooseDelivery(SHIP);
    expect($checkout.get()).toMatchObject({ status: 'ready', amount: whole });
    await placeWithRewards();
    expect(api.to('POST', '/payment/test-provider/confirm')).toEqual([]);
    expect(api.to('POST', '/orders/place').map((c) => c.body)).toEqual([{ paymentIntentId: 'rewards_1' }]);
    expect($checkout.get().placed).toEqual({ orderId: 'O0123456789E', listingRefnum: ref.itemRefnum });
  });
});
