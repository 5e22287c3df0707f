import type { Clock } from '../../../clock/clock';
import type { PaymentEventRegistry } from '../webhook-registry';
import { cardRefundOfProviderRefund, recordCardRefundOutcome } from './outcome';

/**
 * Stripe's later word on a refund (`refund.updated`, `refund.failed`, `charge.refund.updated`): a
 * refund held for want of balance is made once the balance covers it, or fails. The refund is
 * re-read from the provider (the event's body may be stale) and recorded on the card refund whose
 * current try it is; a refund of anyone else's (the dashboard's) is left to `charge.refunded`.
 */
export function onCardRefundEvents(registry: PaymentEventRegistry, clock: Clock): void {
  registry.onPaymentEvent('refund.updated', async ({ tx, event, provider }) => {
    const row = await cardRefundOfProviderRefund(tx, event.objectId);
    if (!row) return;
    const refund = await provider.retrieveRefund(event.objectId);
    await recordCardRefundOutcome(tx, { cardRefundId: row.id, attempt: row.attempts }, refund, clock.now());
  });
}
