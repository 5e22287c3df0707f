import { defineProcess, type EventOf, type StateOf, stateNames } from './process';

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
/**
 * The monthly cap (issue 34): rewards one inviter earns by themselves in a calendar month (UTC);
 * past it both sides of a referral wait for an admin (docs/decisions/0050 says why 10).
 */
export const MAX_REWARDS_PER_MONTH = 10;
/**
 * How long a reward is held before it can be spent or cashed out (issue 34): the friend's first
 * listing must stay live (or be sold) and the friend's account not blocked, else it is cancelled.
 */
export const REWARD_HOLD_HOURS = 72;
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
  notARewardToDecide: 'Only a reward held for review can be approved or refused, and only one held 72 hours voided',
  decisionRequired: 'Choose approve, refuse or void',
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

/**
 * What the reward's guards read: when the event is taken (a removal's time, for the reversal),
 * when the reversal window ends, and until when the reward is held (null: never held).
 */
export interface RewardFacts {
  at: Date;
  windowEndsAt: Date;
  heldUntil: Date | null;
}

/**
 * A referral reward's life. When the friend's first listing is published the platform holds it
 * REWARD_HOLD_HOURS (`wait`, no money yet), or holds it for review past the inviter's monthly cap;
 * when the hours are over it is granted (`release`, the money reaches the rewards), or cancelled
 * when the listing is gone or the friend blocked; an admin may void one still waiting (farming),
 * and approves or refuses one held for review; the platform reverses it when that listing is
 * removed after a report within the window (a new ledger entry: nothing is deleted).
 */
export const rewardProcess = defineProcess({
  name: 'reward',
  initial: 'granted',
  states: {
    pending: { label: 'Held 72 hours', badge: 'Pending', refusal: 'is_pending' },
    held: { label: 'Held for review', badge: 'Held', refusal: 'is_held' },
    granted: { label: 'Granted', badge: null, refusal: 'already_granted' },
    refused: { label: 'Refused', badge: 'Refused', refusal: 'already_refused' },
    reversed: { label: 'Reversed', badge: 'Reversed', refusal: 'already_reversed' },
    voided: { label: 'Voided', badge: 'Voided', refusal: 'already_voided' },
  },
  guards: {
    inWindow: {
      test: (f: RewardFacts) => f.at.getTime() < f.windowEndsAt.getTime(),
      refusal: 'window_closed',
    },
    holdOver: {
      test: (f: RewardFacts) => f.heldUntil === null || f.at.getTime() >= f.heldUntil.getTime(),
      refusal: 'still_held',
    },
  },
  events: {
    grant: { label: 'Grant', from: [], to: 'granted', by: ['system'] },
    wait: { label: 'Hold 72 hours', from: [], to: 'pending', by: ['system'] },
    release: { label: 'Release', from: ['pending'], to: 'granted', by: ['system'], guard: 'holdOver' },
    cancel: { label: 'Cancel', from: ['pending'], to: 'voided', by: ['system'] },
    void: { label: 'Void', from: ['pending'], to: 'voided', by: ['admin'] },
    hold: { label: 'Hold for review', from: [], to: 'held', by: ['system'] },
    approve: { label: 'Approve', from: ['held'], to: 'granted', by: ['admin'], guard: 'holdOver' },
    refuse: { label: 'Refuse', from: ['held'], to: 'refused', by: ['admin'] },
    reverse: {
      label: 'Reverse',
      from: ['pending', 'held', 'granted'],
      to: 'reversed',
      by: ['system'],
      guard: 'inWindow',
    },
  },
});

export type RewardProcess = typeof rewardProcess;
export type RewardState = StateOf<RewardProcess>;
export type RewardEvent = EventOf<RewardProcess>;
export const REWARD_STATES = stateNames(rewardProcess);

/** The console's decisions: approve or refuse one held for review, void one still held 72 hours. */
export const REWARD_DECISIONS = { approve: 'Approve', refuse: 'Refuse', void: 'Void' } as const;
export type RewardDecision = keyof typeof REWARD_DECISIONS;

/** The words a person reads when a reward event is refused. */
export function rewardRefusalMessage(_event: RewardEvent, reason: string): string {
  if (reason === 'window_closed') return 'The reward can no longer be reversed: its 7 days have passed';
  if (reason === 'still_held') return `The reward is held ${REWARD_HOLD_HOURS} hours after the first listing`;
  if (
    reason === 'already_granted' ||
    reason === 'already_refused' ||
    reason === 'already_reversed' ||
    reason === 'already_voided'
  ) {
    return rewardMessages.notARewardToDecide;
  }
  return `The reward cannot change now (${reason})`;
}
