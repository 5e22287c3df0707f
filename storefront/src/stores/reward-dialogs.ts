import type { RewardEntry } from '@yardly/shared/contract';
import { atom, type ReadableAtom } from 'nanostores';
import { wakeHeader } from '../lib/header-demand';

/**
 * The rewards' dialogs any page may show, in the header's island (components/header/Header.tsx):
 * the referral popup (the menu's 'Refer a friend', or once after login when asked for), and the
 * 'reward card' greeting a new reward (spec section 2).
 */
export type RewardDialog = { name: 'referral' } | { name: 'rewardCard'; entry: RewardEntry };

const $open = atom<RewardDialog | null>(null);

/** The rewards dialog open, or null. */
export const $rewardDialog: ReadableAtom<RewardDialog | null> = $open;

/** The referral popup (step 1 invite, step 2 'How does this work?'). */
export function openReferralPopup(): void {
  $open.set({ name: 'referral' });
  wakeHeader();
}

/** The reward card for a reward the person has not been greeted for; a dialog already open goes first. */
export function greetWithReward(entry: RewardEntry): void {
  if ($open.get()) return;
  $open.set({ name: 'rewardCard', entry });
  wakeHeader();
}

export function closeRewardDialog(): void {
  $open.set(null);
}

/*
 * openReferralPopupOnLogin (spec section 2): set on this browser by /refer-a-friend when a guest
 * asks to invite friends (they must log in first); the first page they see signed in opens the
 * referral popup once and clears it.
 */
const ON_LOGIN_KEY = 'yardly.openReferralPopupOnLogin';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked: the popup is simply not opened after login
  }
}

export function askReferralPopupOnLogin(): void {
  storage()?.setItem(ON_LOGIN_KEY, 'true');
}

/** Whether the popup was asked for at login (the flag is cleared: once). */
export function takeReferralPopupOnLogin(): boolean {
  const asked = storage()?.getItem(ON_LOGIN_KEY) === 'true';
  if (asked) storage()?.removeItem(ON_LOGIN_KEY);
  return asked;
}
