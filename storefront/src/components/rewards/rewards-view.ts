import type { RewardEntry } from '@yardly/shared/contract';
import { formatCents, REFERRAL_REWARD_CENTS, type ReferralStatus, referralPath } from '@yardly/shared/rules';

/** Where a friend stands, in the words /myrewards shows beside their name. */
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  invited: 'Invited',
  joined: 'Joined, no listing yet',
  listed: 'Posted a first listing',
  rewarded: 'Rewarded',
  reversed: 'Reward reversed',
};

/** '$5' for the programme's words ('Give $5, get $5'). */
export const REWARD_WORD = formatCents(REFERRAL_REWARD_CENTS).replace('.00', '');

/** A history line's amount: '+$5.00' earned, '-$5.00' reversed. */
export function signedCents(amount: number): string {
  return `${amount < 0 ? '-' : '+'}${formatCents(Math.abs(amount))}`;
}

/** The invitation link a person shares: the same address the invite email carries. */
export function referralLink(origin: string, person: { nameFirst: string; userRefnum: string }): string {
  return `${origin}${referralPath(person.nameFirst, person.userRefnum)}`;
}

/** The four steps of 'How does this work?' (spec section 2, referral popup step 2). */
export const HOW_IT_WORKS = [
  'Invite a friend by email, or share your personal link.',
  'Your friend signs up to Yardly from your invitation.',
  'Your friend posts their first listing.',
  `You each get a ${REWARD_WORD} reward to spend on Yardly. Rewards never expire.`,
] as const;

/*
 * The 'reward card' greets a person once after they earned a reward: the newest reward they
 * earned is compared with the newest this browser already greeted them for, kept per person.
 */
const SEEN_KEY = 'yardly.rewardSeen.';

/** The newest earned entry (a positive amount) the person has not been greeted for, if any. */
export function unseenReward(entries: readonly RewardEntry[], lastSeenAt: string | null): RewardEntry | null {
  const newest = entries.filter((e) => e.amount > 0).sort((a, b) => b.at.localeCompare(a.at))[0];
  if (!newest) return null;
  if (lastSeenAt && Date.parse(newest.at) <= Date.parse(lastSeenAt)) return null;
  return newest;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked: the card may greet again, which is harmless
  }
}

export function lastSeenReward(userRefnum: string): string | null {
  return storage()?.getItem(SEEN_KEY + userRefnum) ?? null;
}

export function rememberSeenReward(userRefnum: string, at: string): void {
  storage()?.setItem(SEEN_KEY + userRefnum, at);
}
