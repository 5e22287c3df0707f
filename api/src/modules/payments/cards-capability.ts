import { cardCalls, type PaymentConfig } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { cardStore } from './cards';

/** Saved payment cards (issue 18): a person lists and forgets their own. */
export const cardsCapability = defineCapability({
  name: 'cards',
  calls: cardCalls,
  services: (app: AppServices) => ({
    // Only the cards of the provider the app pays through can pay (provider-factory.ts).
    ...cardStore({ db: app.db, clock: app.clock, provider: app.payments.name }),
    // How the checkout collects a card: the same rule as the provider factory's (config.stripe set → Stripe).
    paymentConfig: (): PaymentConfig =>
      app.config.stripe
        ? { provider: 'stripe', publishableKey: app.config.stripe.publishableKey }
        : { provider: 'test', publishableKey: null },
  }),
  handlers: (cards) => ({
    list: ({ caller }) => cards.list(caller.userId),
    remove: ({ query, caller }) => cards.remove(caller.userId, query.cardId),
    config: async () => cards.paymentConfig(),
  }),
});
