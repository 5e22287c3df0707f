import { z } from 'zod';
import { defineCall } from './call';

/** A payment provider's intent id (the built-in test provider's `pi_test_…`, Stripe's `pi_…`). */
export const paymentIntentIdSchema = z.string().min(1).max(255);

export const testProviderConfirmCall = defineCall({
  method: 'POST',
  path: '/payment/test-provider/confirm',
  auth: 'required',
  summary:
    "Test mode only: the card form authorises the caller's payment intent (Stripe's public test numbers: 4242… succeeds; 4000 0000 0000 0002 and …9995 answer 402 with the decline)",
  body: z.object({
    paymentIntentId: paymentIntentIdSchema,
    number: z.string().max(40),
    /** MM/YY (formatCardExpiry in rules/card.ts). */
    exp: z.string().max(10),
    cvc: z.string().max(10),
  }),
  response: z.object({
    paymentIntentId: paymentIntentIdSchema,
    status: z.literal('requires_capture'),
    card: z.object({ brand: z.string(), last4: z.string() }),
  }),
});

export const testProviderCalls = { confirm: testProviderConfirmCall } as const;
