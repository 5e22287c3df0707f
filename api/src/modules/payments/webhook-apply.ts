import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { paymentEvents } from '../../db/schema/index';
import type { JobLog } from '../../jobs/job';
import type { PaymentProvider, ProviderEvent } from './provider';
import type { PaymentEventRegistry } from './webhook-registry';

/**
 * Applies a provider event once, however often it arrives: its id is inserted (or found there)
 * in the same transaction as its handlers' effects. Two deliveries at once queue on the row:
 * the second finds it and does nothing. A handler that throws rolls the mark back with its
 * effects, and the provider delivers the event again later. What handlers leave for after the
 * commit (`afterCommit`: a capture, a release at the provider) runs once it has committed.
 */
export async function applyPaymentEvent(
  deps: { db: Db; clock: Clock; registry: PaymentEventRegistry; provider: PaymentProvider; log: JobLog },
  event: ProviderEvent,
): Promise<{ applied: boolean }> {
  const afterwards: (() => Promise<unknown>)[] = [];
  const afterCommit = async (work: () => Promise<unknown>) => {
    afterwards.push(work);
  };
  const answer = await deps.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        eventId: event.id,
        provider: deps.provider.name,
        type: event.type,
        objectId: event.objectId,
        account: event.account ?? null,
        appliedAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { applied: false };
    for (const handler of deps.registry.handlersFor(event.type)) {
      await handler({ tx, event, provider: deps.provider, afterCommit });
    }
    return { applied: true };
  });
  // The event is applied whatever this work does: what it leaves undone, a job finishes.
  for (const work of afterwards) {
    await work().catch((error: unknown) =>
      deps.log.warn({ err: error, eventId: event.id }, 'work after a payment event failed'),
    );
  }
  return answer;
}
