import {
  donationProcess,
  donationRefusalMessage,
  offerProcess,
  offerRefusalMessage,
  orderProcess,
  orderRefusalMessage,
  organisationProcess,
  organisationRefusalMessage,
  returnProcess,
  returnRefusalMessage,
} from '@yardly/shared/rules';
import { donationOrders, offers, orders, organizations, returns } from '../db/schema/index';
import { ProcessRegistry } from './registry';

/**
 * The app's processes, bound once at start (ADR 0051): every consumer takes its events through
 * these bindings, so what a transition does (its named effects, the other capabilities'
 * subscriptions, the timers it queues) is the same whoever takes it. The listing, reward and
 * rental processes are bound once at module level (their modules' `process.ts`) and adopted by
 * their capabilities. The donation process is bound only with donations on: off, nothing takes
 * its events, and the start would refuse its timers as ones nothing can take. An organisation's
 * verification is kept in its `status` column (the name the console and its filters read).
 */
export function bindProcesses(options: { donations: boolean }) {
  const registry = new ProcessRegistry();
  return {
    registry,
    order: registry.bind(orderProcess, orders, orderRefusalMessage),
    offer: registry.bind(offerProcess, offers, offerRefusalMessage),
    return: registry.bind(returnProcess, returns, returnRefusalMessage),
    organisation: registry.bind(organisationProcess, organizations, organisationRefusalMessage, {
      state: organizations.status,
    }),
    donation: options.donations ? registry.bind(donationProcess, donationOrders, donationRefusalMessage) : undefined,
  };
}

export type Processes = ReturnType<typeof bindProcesses>;

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's bound processes (tests take events through them as the capabilities do). */
    processes: Processes;
  }
}
