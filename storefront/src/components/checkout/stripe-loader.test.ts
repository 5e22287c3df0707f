import type { Stripe } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { stripeFor } from './stripe-loader';

describe('the card collector’s choice', () => {
  it('loads no Stripe.js for the built-in test provider', async () => {
    const load = vi.fn();
    expect(await stripeFor({ provider: 'test', publishableKey: null }, load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads Stripe.js with the publishable key when Stripe takes the payments', async () => {
    const stripe = { confirmCardPayment: vi.fn() } as unknown as Stripe;
    const load = vi.fn(async () => stripe);
    expect(await stripeFor({ provider: 'stripe', publishableKey: 'pk_test_abc' }, load)).toBe(stripe);
    expect(load).toHaveBeenCalledExactlyOnceWith('pk_test_abc');
  });

  it('fails plainly when Stripe.js does not come', async () => {
    await expect(stripeFor({ provider: 'stripe', publishableKey: 'pk_test_abc' }, async () => null)).rejects.toThrow(
      'Stripe.js did not load',
    );
  });
});
