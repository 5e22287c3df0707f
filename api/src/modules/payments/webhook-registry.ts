import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import type { PaymentProvider, ProviderEvent } from './provider';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a handler gets: the transaction the event is recorded in, the event, and the provider to re-read it from. */
export interface PaymentEventContext {
  tx: Tx;
  event: ProviderEvent;
  provider: PaymentProvider;
  /**
   * Work for once the event's transaction has committed (a capture only for an order that
   * exists): run after the commit, never when it rolls back; a failure is logged, not thrown.
   */
  afterCommit(work: () => Promise<unknown>): Promise<void>;
}

export type PaymentEventHandler = (ctx: PaymentEventContext) => Promise<void>;

/**
 * Which capability acts on which provider event (orders: "authorised → place the order").
 * Handlers run in the transaction that records the event, so an event's effects and its
 * "applied" mark commit together, or neither does and the provider delivers it again.
 */
export interface PaymentEventRegistry {
  onPaymentEvent(type: ProviderEvent['type'], handler: PaymentEventHandler): void;
  handlersFor(type: ProviderEvent['type']): readonly PaymentEventHandler[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where capabilities register what they do when a payment event arrives. */
    paymentEvents: PaymentEventRegistry;
  }
}

export function createPaymentEventRegistry(): PaymentEventRegistry {
  const handlers = new Map<ProviderEvent['type'], PaymentEventHandler[]>();
  return {
    onPaymentEvent(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },
    handlersFor: (type) => handlers.get(type) ?? [],
  };
}

/** One registry per app, on the app too (tests register handlers there). */
export function installPaymentEvents(app: FastifyInstance): PaymentEventRegistry {
  const registry = createPaymentEventRegistry();
  app.decorate('paymentEvents', registry);
  return registry;
}
