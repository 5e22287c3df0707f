import { payoutCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { sellerBalance } from '../ledger/ledger';
import { payoutAccountService } from './account';
import { foreignPayoutsResource, payoutsResource } from './admin';
import { accountNumberCipher } from './bank-account';
import { onPayoutAccountEvents, onPayoutEvents } from './provider-events';
import { payoutEntries } from './read';
import { payoutRunJob } from './run';
import { sendPayoutJob } from './send';

/** A seller's money (issue 18): the balance and its history, payout verification, the daily payout run, and the console's payouts. */
export const payoutsCapability = defineCapability({
  name: 'payouts',
  calls: payoutCalls,
  services: (app: AppServices) => {
    const cipher = accountNumberCipher(app.secret);
    const accounts = payoutAccountService({ ...app, cipher, publicUrl: app.config.publicUrl });
    return { ...app, cipher, accounts };
  },
  handlers: ({ db, accounts }) => ({
    balance: ({ caller }) => sellerBalance(db, caller.userId),
    entries: ({ query, caller }) => payoutEntries(db, caller.userId, query),
    account: ({ caller }) => accounts.status(caller.userId),
    onboarding: ({ caller }) => accounts.onboarding(caller.userId),
  }),
  routes: (_app, s) => {
    onPayoutEvents(s.paymentEvents, s.clock);
    onPayoutAccountEvents(s.paymentEvents);
  },
  jobs: (s) => [payoutRunJob(s.jobs), sendPayoutJob(s)],
  adminResources: (s) => [payoutsResource(s), foreignPayoutsResource(s.db)],
});
