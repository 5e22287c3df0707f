import { inviteCalls, rewardCalls } from '@yardly/shared/contract';
import { listingProcess, rewardProcess } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { accountNumberCipher } from '../payouts/bank-account';
import { rewardsResource } from './admin';
import { cashOutRewards } from './cash-out';
import { referralFarmingResource } from './farming';
import { rewardGrantJob } from './grant';
import { inviteFriend } from './invite';
import { rewardsFollowListing } from './listing-effect';
import { rewardRunner } from './process';
import { promotionsResource, promotionTotalsResource } from './promotions';
import { latestReward, rewardsSummary } from './read';
import { rewardReleaseJob } from './release';
import { rewardReverseJob } from './reverse';

/**
 * Rewards and referrals (issue 22): invitations by email, $5 to each side when a referred
 * friend publishes a first listing (in the ledger, with the abuse rules, after a 72-hour hold
 * and within a monthly cap: issue 34), the 7-day reversal,
 * /svc/rewards and the newest reward for the reward card, the cash-out to the bank, and the
 * console's Rewards and promotion list. Spending at checkout is the orders' (orders/place.ts),
 * on this module's wallet (wallet.ts).
 */
export const rewardsCapability = defineCapability({
  name: 'rewards',
  calls: { ...rewardCalls, ...inviteCalls },
  process: rewardProcess,
  services: (app: AppServices) => ({
    ...app,
    invite: { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, secret: app.secret },
    cipher: accountNumberCipher(app.secret),
  }),
  handlers: (s) => ({
    inviteEmail: ({ body, caller }) => inviteFriend(s.invite, caller, body.email, s.clock.now()),
    invite: ({ query, caller }) => inviteFriend(s.invite, caller, query.email, s.clock.now()),
    rewards: ({ query, caller }) => rewardsSummary(s.db, caller, query),
    latestReward: ({ caller }) => latestReward(s.db, caller),
    cashOut: ({ caller }) => cashOutRewards(s, caller, s.clock.now()),
  }),
  adminResources: (s) => [rewardsResource(s), promotionsResource, promotionTotalsResource, referralFarmingResource],
  // A referred friend's first publishing holds both rewards; its removal after a report their reversal.
  processes: (registry) => {
    registry.adopt(rewardRunner);
    registry.onTransition(listingProcess, {}, rewardsFollowListing);
  },
  jobs: (s) => [rewardGrantJob(s), rewardReleaseJob, rewardReverseJob],
});
