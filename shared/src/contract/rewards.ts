import { z } from 'zod';
import { emailSchema } from '../rules/email';
import { REFERRAL_STATUSES, REWARD_DECISIONS, REWARD_SIDES, REWARD_STATES, rewardMessages } from '../rules/rewards';
import { defineCall } from './call';
import { centsSchema, isoDateTimeSchema, pageQuerySchema, refnumSchema } from './common';

/** The invite form: the same schema checks it in the browser and the request on the server. */
export const inviteEmailSchema = z.object({ email: emailSchema });
export type InviteEmail = z.infer<typeof inviteEmailSchema>;

export const inviteEmailCall = defineCall({
  method: 'POST',
  path: '/referral/invite-email',
  auth: 'required',
  summary:
    "Mail a friend the caller's referral link (at most 20 a day; not to an address that has an account, nor to oneself)",
  body: inviteEmailSchema,
  response: z.object({ success: z.literal(true) }),
});

/** The spec's older invite call (section 7): the address in the query; success when data.success. */
export const inviteUserCall = defineCall({
  method: 'POST',
  path: '/users/invite',
  auth: 'required',
  summary: "Mail a friend the caller's referral link, the address in the query (same rules as /referral/invite-email)",
  query: inviteEmailSchema,
  response: z.object({ success: z.literal(true) }),
});

export const rewardStateSchema = z.enum(REWARD_STATES);
export const referralStatusSchema = z.enum(REFERRAL_STATUSES);

/** One movement of the caller's rewards, newest first: + earned, - reversed (or, later, spent). */
export const rewardEntrySchema = z.object({
  /** Signed cents: what reached (positive) or left (negative) the caller's rewards. */
  amount: z.number().int(),
  description: z.string(),
  at: isoDateTimeSchema,
});
export type RewardEntry = z.infer<typeof rewardEntrySchema>;

export const referralSummarySchema = z.object({
  /** The friend's first name and initial once they joined; the address the caller invited before. */
  friendName: z.string(),
  status: referralStatusSchema,
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

/** /myrewards: what the caller may spend, what waits for review, what they ever earned, the history and the friends. */
export const rewardsSummarySchema = z.object({
  balance: z.number().int(),
  /** Rewards held for review (past the monthly limit): not spendable until approved. */
  pending: centsSchema,
  /** Every reward ever granted and not reversed. */
  lifetime: centsSchema,
  entries: z.object({
    content: z.array(rewardEntrySchema),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
  }),
  referrals: z.array(referralSummarySchema),
});
export type RewardsSummary = z.infer<typeof rewardsSummarySchema>;

export const rewardsCall = defineCall({
  method: 'GET',
  path: '/rewards',
  auth: 'required',
  summary: "The caller's rewards: balance, held, lifetime (cents), the history by page and the friends they invited",
  query: pageQuerySchema,
  response: rewardsSummarySchema,
});

export const rewardCalls = { inviteEmail: inviteEmailCall, rewards: rewardsCall } as const;
/** The users-path invite, bound beside the account calls' neighbours. */
export const inviteCalls = { invite: inviteUserCall } as const;

/** A reward as the console shows it (`/svc/admin/rewards`); `id` is the reward's refnum. */
export const adminRewardRecordSchema = z.object({
  id: refnumSchema,
  status: rewardStateSchema,
  statusLabel: z.string(),
  side: z.enum(REWARD_SIDES),
  amount: centsSchema,
  /** Who the reward pays. */
  userEmail: z.string(),
  inviterEmail: z.string(),
  friendEmail: z.string(),
  /** The friend's first listing that earned it. */
  listingRefnum: refnumSchema.nullable(),
  listingTitle: z.string().nullable(),
  /** Whether approve or refuse applies (a held reward). */
  decidable: z.boolean(),
  decidedBy: z.string().nullable(),
  windowEndsAt: isoDateTimeSchema,
  history: z.array(
    z.object({ event: z.string(), status: z.string(), at: isoDateTimeSchema, by: z.string().nullable() }),
  ),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminRewardRecord = z.infer<typeof adminRewardRecordSchema>;

/** The console's decision on a held reward: ROLE_ADMIN only, audit-logged by the adapter. */
export const adminRewardDecisionSchema = z.object({
  decision: z.enum(Object.keys(REWARD_DECISIONS) as ['approve', 'refuse'], { error: rewardMessages.decisionRequired }),
});
export type AdminRewardDecision = z.infer<typeof adminRewardDecisionSchema>;
