import { cardCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { cardStore } from './cards';

/** Saved payment cards (issue 18): a person lists and forgets their own. */
export const cardsCapability = defineCapability({
  name: 'cards',
  calls: cardCalls,
  services: (app: AppServices) =>
    // Only the cards of the provider the app pays through can pay (provider-factory.ts).
    cardStore({ db: app.db, clock: app.clock, provider: app.payments.name }),
  handlers: (cards) => ({
    list: ({ caller }) => cards.list(caller.userId),
    remove: ({ query, caller }) => cards.remove(caller.userId, query.cardId),
  }),
});
