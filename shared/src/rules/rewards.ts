import { defineProcess, type EventOf, type StateOf } from './process';

/**
 * The referral programme (issue 22, spec section 9): a person invites a friend and both get $5
 * once the friend publishes a first listing (REFERRAL_REWARD_CENTS each, constants.ts). Rewards
 * never expire. Amounts in cents.
 */
/** Invitation emails a person may send in any 24 hours. */
export const MAX_INVITES_PER_DAY = 20;
/** Invitations one address receives from all members together in INVITES_PER_RECIPIENT_DAYS (issue 34: 9 from three accounts). */
export const MAX_INVITES_PER_RECIPIENT = 2;
export const INVITES_PER_RECIPIENT_DAYS = 30;
/** Rewards one inviter earns in a calendar month (UTC) before the rest wait for review. */
export const MAX_REWARDS_PER_MONTH = 50;
/** A friend's first listing removed after a report within this many days of its publishing reverses both rewards. */
export const REWARD_REVERSAL_DAYS = 7;

/** Which side of a referral a reward pays. */
export const REWARD_SIDES = ['inviter', 'friend'] as const;
export type RewardSide = (typeof REWARD_SIDES)[number];

/** Where a friend stands, as their inviter's /myrewards lists them. */
export const REFERRAL_STATUSES = ['invited', 'joined', 'listed', 'rewarded', 'reversed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Why a referral earned nothing: the friend is the inviter under another account. */
export const REFERRAL_BLOCKS = ['same_email', 'same_bank_account', 'same_device'] as const;
export type ReferralBlock = (typeof REFERRAL_BLOCKS)[number];

export const rewardMessages = {
  invalidEmail: 'Please enter valid email address',
  inviteSelf: 'You cannot invite yourself. Enter your friend’s email address',
  alreadyMember: 'This person already has a Yardly account, so they cannot be invited',
  tooManyInvites: `You can send at most ${MAX_INVITES_PER_DAY} invitations a day. Please try again tomorrow`,
  inviteSent: 'Invite sent',
  recipientInvitedEnough:
    'This person has already been invited to Yardly recently, so they cannot be invited again now',
  recipientRefused: 'This person asked not to receive invitations to Yardly',
  notARewardToDecide: 'Only a reward held for review can be approved or refused',
  decisionRequired: 'Choose approve or refuse',
} as const;

/** What each side is told when a reward is granted (in-app, email, push). */
export const rewardNotices = {
  inviterGranted: (friendName: string) =>
    `${friendName} posted their first listing: you earned a $5.00 reward. Spend it on your next purchase.`,
  friendGranted: 'You posted your first listing: you earned a $5.00 reward. Spend it on your next purchase.',
  reversed: 'A $5.00 referral reward was reversed because the first listing was removed after a report.',
} as const;

/** What the sign-up page tells a person who came through a friend's link (signUpRewardMessage). */
export function signUpRewardMessage(inviterName: string): string {
  return `${inviterName} invited you: post your first listing and you both get $5.00 in rewards.`;
}

/**
 * An email address as the abuse checks compare it: lowercased, and for Gmail (also
 * googlemail.com) without the dots and the +tag of the local part, which Gmail ignores.
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  const local = lower.slice(0, at);
  const domain = lower.slice(at + 1);
  if (domain !== 'gmail.com' && domain !== 'googlemail.com') return lower;
  const plain = (local.split('+')[0] ?? '').replace(/\./g, '');
  return `${plain}@gmail.com`;
}

/** The calendar month (UTC) `at` falls in, from its first instant: the monthly limit counts within it. */
export function rewardMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** What the reversal guard reads: when the listing was removed and when the reward's window ended. */
export interface RewardFacts {
  removedAt: Date;
  windowEndsAt: Date;
}

/**
 * A referral reward's life. The platform grants it when the friend's first listing is published,
 * or holds it for review past the inviter's monthly limit; an admin approves or refuses a held
 * one; the platform reverses it when that listing is removed after a report within the window
 * (a new ledger entry: nothing is deleted).
 */
export const rewardProcess = defineProcess({
  name: 'reward',
  initial: 'granted',
  states: {
    held: { label: 'Held for review', badge: 'Held', refusal: 'is_held' },
    granted: { label: 'Granted', badge: null, refusal: 'already_granted' },
    refused: { label: 'Refused', badge: 'Refused', refusal: 'already_refused' },
    reversed: { label: 'Reversed', badge: 'Reversed', refusal: 'already_reversed' },
  },
  guards: {
    inWindow: {
      test: (f: RewardFacts) => f.removedAt.getTime() < f.windowEndsAt.getTime(),
      refusal: 'window_closed',
    },
  },
  events: {
    grant: { label: 'Grant', from: [], to: 'granted', by: ['system'] },
    hold: { label: 'Hold for review', from: [], to: 'held', by: ['system'] },
    approve: { label: 'Approve', from: ['held'], to: 'granted', by: ['admin'] },
    refuse: { label: 'Refuse', from: ['held'], to: 'refused', by: ['admin'] },
    reverse: { label: 'Reverse', from: ['held', 'granted'], to: 'reversed', by: ['system'], guard: 'inWindow' },
  },
});

export type RewardProcess = typeof rewardProcess;
export type RewardState = StateOf<RewardProcess>;
export type RewardEvent = EventOf<RewardProcess>;
export const REWARD_STATES = Object.keys(rewardProcess.states) as [RewardState, ...RewardState[]];

/** The console's decisions on a held reward. */
export const REWARD_DECISIONS = { approve: 'Approve', refuse: 'Refuse' } as const;
export type RewardDecision = keyof typeof REWARD_DECISIONS;

/** The words a person reads when a reward event is refused. */
export function rewardRefusalMessage(_event: RewardEvent, reason: string): string {
  if (reason === 'window_closed') return 'The reward can no longer be reversed: its 7 days have passed';
  if (reason === 'already_granted' || reason === 'already_refused' || reason === 'already_reversed') {
    return rewardMessages.notARewardToDecide;
  }
  return `The reward cannot change now (${reason})`;
}
