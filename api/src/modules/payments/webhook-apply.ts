import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { paymentEvents } from '../../db/schema/index';
import type { PaymentProvider, ProviderEvent } from './provider';
import type { PaymentEventRegistry } from './webhook-registry';

/**
 * Applies a provider event once, however often it arrives: its id is inserted (or found there)
 * in the same transaction as its handlers' effects. Two deliveries at once queue on the row:
 * the second finds it and does nothing. A handler that throws rolls the mark back with its
 * effects, and the provider delivers the event again later.
 */
export async function applyPaymentEvent(
  deps: { db: Db; clock: Clock; registry: PaymentEventRegistry; provider: PaymentProvider },
  event: ProviderEvent,
): Promise<{ applied: boolean }> {
  return deps.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        eventId: event.id,
        provider: deps.provider.name,
        type: event.type,
        objectId: event.objectId,
        appliedAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { applied: false };
    for (const handler of deps.registry.handlersFor(event.type)) {
      await handler({ tx, event, provider: deps.provider });
    }
    return { applied: true };
  });
}
