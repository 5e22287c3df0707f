import { payoutCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { accountNumberCipher } from '../account/bank-account';
import { sellerBalance } from '../ledger/ledger';
import { payoutsResource } from './admin';
import { onPayoutEvents } from './provider-events';
import { payoutEntries } from './read';
import { payoutRunJob } from './run';
import { sendPayoutJob } from './send';

/** A seller's money (issue 18): the balance and its history, the daily payout run, and the console's payouts. */
export const payoutsCapability = defineCapability({
  name: 'payouts',
  calls: payoutCalls,
  services: (app: AppServices) => ({ ...app, cipher: accountNumberCipher(app.secret) }),
  handlers: ({ db }) => ({
    balance: ({ caller }) => sellerBalance(db, caller.userId),
    entries: ({ query, caller }) => payoutEntries(db, caller.userId, query),
  }),
  routes: (_app, s) => onPayoutEvents(s.paymentEvents, s.clock),
  jobs: (s) => [payoutRunJob(s.jobs), sendPayoutJob(s)],
  adminResources: (s) => [payoutsResource(s)],
});
