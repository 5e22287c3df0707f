import { z } from 'zod';
import { emailSchema } from '../rules/email';
import { PROMOTION_MOVEMENTS } from '../rules/reward-wallet';
import {
  REFERRAL_STATUSES,
  REWARD_DECISIONS,
  REWARD_SIDES,
  REWARD_STATES,
  rewardMessages,
  rewardProcess,
} from '../rules/rewards';
import { defineCall } from './call';
import {
  actionsOf,
  centsSchema,
  consoleHistorySchema,
  contentPageOf,
  isoDateTimeSchema,
  pageQuerySchema,
  refnumSchema,
  successSchema,
} from './common';

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
  response: successSchema,
});

/** The spec's older invite call (section 7): the address in the query; success when data.success. */
export const inviteUserCall = defineCall({
  method: 'POST',
  path: '/users/invite',
  auth: 'required',
  summary: "Mail a friend the caller's referral link, the address in the query (same rules as /referral/invite-email)",
  query: inviteEmailSchema,
  response: successSchema,
});

export const rewardStateSchema = z.enum(REWARD_STATES);
export const referralStatusSchema = z.enum(REFERRAL_STATUSES);

/** One movement of the caller's rewards, newest first: + earned or given back by a refund, - reversed, spent or cashed out. */
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
  /** Rewards held: 72 hours after the first listing (issue 34), or for review past the monthly cap; not spendable yet. */
  pending: centsSchema,
  /** Every reward ever granted and not reversed. */
  lifetime: centsSchema,
  entries: contentPageOf(rewardEntrySchema),
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

/** The newest reward the caller earned (what the 'reward card' greets them with, once, on any page). */
export const latestRewardCall = defineCall({
  method: 'GET',
  path: '/rewards/latest',
  auth: 'required',
  summary: "The newest reward the caller earned (granted to their rewards), or null: the 'reward card' greets it once",
  response: z.object({ reward: rewardEntrySchema.nullable() }),
});

/** A cash-out sent: what left the rewards, and the balance now (0). */
export const cashOutResultSchema = z.object({
  /** What was cashed out, in cents: the whole balance. */
  cashedOut: centsSchema,
  balance: z.number().int(),
  /** The bank account it is sent to, masked as /settings/bank-account shows it ('****6789'). */
  accountNumberMasked: z.string(),
});
export type CashOutResult = z.infer<typeof cashOutResultSchema>;

export const cashOutCall = defineCall({
  method: 'POST',
  path: '/rewards/cash-out',
  auth: 'required',
  summary:
    "Cash the caller's whole rewards balance out to their payout bank account (the payout is sent at once); 400 with nothing to cash out or no bank account, 409 for the second of two at once",
  response: cashOutResultSchema,
});

export const rewardCalls = {
  inviteEmail: inviteEmailCall,
  rewards: rewardsCall,
  latestReward: latestRewardCall,
  cashOut: cashOutCall,
} as const;
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
  /** Until when it is held before its money moves; null for a reward never held. */
  heldUntil: isoDateTimeSchema.nullable(),
  decidedBy: z.string().nullable(),
  windowEndsAt: isoDateTimeSchema,
  /** The reward events the table allows an admin now (approve waits for the hold to end). */
  actions: actionsOf(rewardProcess),
  history: consoleHistorySchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdminRewardRecord = z.infer<typeof adminRewardRecordSchema>;

/** The console's decision on a held reward: ROLE_ADMIN only, audit-logged by the adapter. */
export const adminRewardDecisionSchema = z.object({
  decision: z.enum(Object.keys(REWARD_DECISIONS) as ['approve', 'refuse', 'void'], {
    error: rewardMessages.decisionRequired,
  }),
});
export type AdminRewardDecision = z.infer<typeof adminRewardDecisionSchema>;

export const promotionMovementSchema = z.enum(PROMOTION_MOVEMENTS);

/**
 * One movement of a person's rewards in the console's promotion list (`/svc/admin/promotions`),
 * read from the ledger: `id` is the ledger entry on their rewards account; `amount` is signed
 * as their balance moved (+ granted or returned, - reversed, spent or cashed out).
 */
export const adminPromotionRecordSchema = z.object({
  id: z.number().int(),
  movement: promotionMovementSchema,
  movementLabel: z.string(),
  amount: z.number().int(),
  userEmail: z.string(),
  memo: z.string(),
  /** The order it was spent on or given back from, if any. */
  orderRefnum: refnumSchema.nullable(),
  at: isoDateTimeSchema,
});
export type AdminPromotionRecord = z.infer<typeof adminPromotionRecordSchema>;

/**
 * The promotion list's totals (`/svc/admin/promotion-totals`): one row a movement (how many,
 * how much, in cents, as a positive sum), then `outstanding`, what people can still spend.
 */
export const adminPromotionTotalSchema = z.object({
  id: z.enum([...PROMOTION_MOVEMENTS, 'outstanding']),
  label: z.string(),
  count: z.number().int(),
  amount: z.number().int(),
});
export type AdminPromotionTotal = z.infer<typeof adminPromotionTotalSchema>;

/**
 * One inviter in the console's referral farming view (`/svc/admin/referral-farming`, issue 34):
 * how many friends they brought and how many of those look like throwaways (`id` is the
 * inviter's refnum). Read-only; the held rewards are voided in Rewards (filter `inviter`).
 */
export const adminReferralFarmingRecordSchema = z.object({
  id: refnumSchema,
  inviterEmail: z.string(),
  /** Friends who signed up through the inviter's link. */
  referred: z.number().int(),
  /** Friends who signed in from a device the inviter, or another of the inviter's friends, signed in from. */
  sharedDevice: z.number().int(),
  /** Friends who signed up from the same client address as another of the inviter's friends. */
  sharedAddress: z.number().int(),
  /** Friends whose email is not verified. */
  unverified: z.number().int(),
  /** Friends with at least one of the three signs above. */
  flagged: z.number().int(),
  /** Friends the abuse rules already kept from earning (the inviter under another account). */
  blocked: z.number().int(),
  /** Rewards (both sides) of the inviter's referrals still held 72 hours, and their sum in cents. */
  heldRewards: z.number().int(),
  heldAmount: centsSchema,
  /** The newest friend's sign-up. */
  lastReferredAt: isoDateTimeSchema,
});
export type AdminReferralFarmingRecord = z.infer<typeof adminReferralFarmingRecordSchema>;
