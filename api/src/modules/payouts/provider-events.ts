import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { sellerPayouts } from '../../db/schema/index';
import type { PaymentEventRegistry } from '../payments/webhook-registry';
import { recordPayoutOutcome } from './send';

/**
 * What the provider tells of a payout later (Stripe's payouts arrive days after they are sent):
 * `payout.paid` → paid out; `payout.failed` → the money back in available and the seller told,
 * as an immediate failure is (send.ts). The payout is the seller payout whose current try has
 * that provider id; a payout of anyone else's, or of a try a retry replaced, is left alone. The
 * webhook applies each event once, and `recordPayoutOutcome` changes a try only while it is open.
 */
export function onPayoutEvents(registry: PaymentEventRegistry, clock: Clock): void {
  const record =
    (status: 'paid' | 'failed') =>
    async ({ tx, event }: { tx: Db; event: { objectId: string; failure?: string } }) => {
      const [payout] = await tx
        .select({ id: sellerPayouts.id, attempts: sellerPayouts.attempts })
        .from(sellerPayouts)
        .where(eq(sellerPayouts.providerPayoutId, event.objectId));
      if (!payout) return;
      await recordPayoutOutcome(
        tx,
        { payoutId: payout.id, attempt: payout.attempts },
        { id: event.objectId, status, failure: status === 'failed' ? (event.failure ?? null) : null },
        clock.now(),
      );
    };
  registry.onPaymentEvent('payout.paid', record('paid'));
  registry.onPaymentEvent('payout.failed', record('failed'));
}

/**
 * `account.updated` (a seller's connected account, sent to the Connect endpoint): the provider
 * re-reads the account and stores whether its payouts are enabled, in the event's transaction,
 * so the event is applied once with its effect. A payout that failed for want of verification
 * needs nothing here: its money is back in available, and the next daily run sends it.
 */
export function onPayoutAccountEvents(registry: PaymentEventRegistry): void {
  registry.onPaymentEvent('account.updated', async ({ tx, event, provider }) => {
    await provider.payoutAccountChanged?.(tx, event.objectId);
  });
}
