import { cardCalls, type PaymentConfig } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { cardStore } from './cards';
import type { PaymentProvider } from './provider';

/** What the checkout needs to collect a card: the test form, or Stripe.js with the publishable key only. */
export function paymentConfigOf(payments: PaymentProvider): PaymentConfig {
  const { browser } = payments;
  return browser.provider === 'stripe'
    ? { provider: 'stripe', publishableKey: browser.publishableKey }
    : { provider: 'test', publishableKey: null };
}

/** Saved payment cards (issue 18): a person lists and forgets their own; the checkout reads how to take one. */
export const cardsCapability = defineCapability({
  name: 'cards',
  calls: cardCalls,
  services: (app: AppServices) => ({
    // Only the cards of the provider the app pays through can pay (provider-factory.ts).
    cards: cardStore({ db: app.db, clock: app.clock, provider: app.payments.name }),
    config: paymentConfigOf(app.payments),
  }),
  handlers: ({ cards, config }) => ({
    list: ({ caller }) => cards.list(caller.userId),
    remove: ({ query, caller }) => cards.remove(caller.userId, query.cardId),
    config: async () => config,
  }),
});
