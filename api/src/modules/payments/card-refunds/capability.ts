import { defineCapability } from '../../../http/capability';
import { cardRefundsResource } from './admin';
import { onCardRefundEvents } from './events';
import { recheckPendingRefundsJob } from './recheck';
import { sendCardRefundJob } from './send';

/**
 * Refunds to buyers' cards (issue 34, docs/decisions/0066): sent after the ledger owes them,
 * counted as refunded only once the provider made them, followed through Stripe's refund events
 * (and read again hourly while one is held, should its event not come),
 * and shown (and retried) in the console.
 */
export const cardRefundsCapability = defineCapability({
  name: 'card-refunds',
  routes: (_app, s) => onCardRefundEvents(s.paymentEvents, s.clock, s.jobs),
  jobs: (s) => [sendCardRefundJob(s.payments), recheckPendingRefundsJob(s.payments)],
  adminResources: (s) => [cardRefundsResource(s)],
});
