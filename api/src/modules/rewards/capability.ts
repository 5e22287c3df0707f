import { inviteCalls, rewardCalls } from '@yardly/shared/contract';
import { rewardProcess } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { accountNumberCipher } from '../account/bank-account';
import { rewardsResource } from './admin';
import { rewardGrantJob } from './grant';
import { inviteFriend } from './invite';
import { rewardsSummary } from './read';
import { rewardReverseJob } from './reverse';

/**
 * Rewards and referrals (issue 22), first increment: invitations by email, $5 to each side
 * when a referred friend publishes a first listing (in the ledger, with the abuse rules), the
 * 7-day reversal, /svc/rewards and the console's Rewards. Spending at checkout comes later.
 */
export const rewardsCapability = defineCapability({
  name: 'rewards',
  calls: { ...rewardCalls, ...inviteCalls },
  process: rewardProcess,
  services: (app: AppServices) => ({
    ...app,
    invite: { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl },
    cipher: accountNumberCipher(app.secret),
  }),
  handlers: (s) => ({
    inviteEmail: ({ body, caller }) => inviteFriend(s.invite, caller, body.email, s.clock.now()),
    invite: ({ query, caller }) => inviteFriend(s.invite, caller, query.email, s.clock.now()),
    rewards: ({ query, caller }) => rewardsSummary(s.db, caller, query),
  }),
  adminResources: (s) => [rewardsResource(s)],
  jobs: (s) => [rewardGrantJob(s), rewardReverseJob],
});
