import { z } from 'zod';
import { defineCall } from './call';
import { deletedSchema, refnumSchema } from './common';

/**
 * A saved payment card (spec section 1, payment cards; issue 18): what the provider handed
 * back when the card paid, never its number. `exp` is the expiry as the spec shows it (MM/YY).
 */
export const savedCardSchema = z.object({
  id: refnumSchema,
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  exp: z.string().regex(/^\d{2}\/\d{2}$/),
  /** Past its expiry month: shown, but it cannot pay. */
  expired: z.boolean(),
});
export type SavedCard = z.output<typeof savedCardSchema>;

export const savedCardsCall = defineCall({
  method: 'GET',
  path: '/payment/cards',
  auth: 'required',
  summary: "The caller's saved payment cards, newest first (brand, last 4 digits, expiry)",
  response: z.array(savedCardSchema),
});

export const deleteSavedCardCall = defineCall({
  method: 'DELETE',
  path: '/payment/cards/{cardId}',
  auth: 'required',
  summary: 'Forget one of your saved payment cards (404 for a card that is not yours)',
  query: z.object({ cardId: refnumSchema }),
  response: deletedSchema,
});

/**
 * How this browser collects a card: the built-in test provider's form (test mode, no real money)
 * or Stripe.js with the platform's publishable key (the only Stripe key a browser ever sees).
 */
export const paymentConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('test'), publishableKey: z.null() }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string().min(1) }),
]);
export type PaymentConfig = z.output<typeof paymentConfigSchema>;

export const paymentConfigCall = defineCall({
  method: 'GET',
  path: '/payment/config',
  auth: 'optional',
  summary:
    "How the checkout collects a card: 'test' (the built-in test provider's form) or 'stripe' with its publishable key",
  response: paymentConfigSchema,
});

export const cardCalls = {
  list: savedCardsCall,
  remove: deleteSavedCardCall,
  config: paymentConfigCall,
} as const;
