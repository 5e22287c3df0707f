import { atom, type ReadableAtom } from 'nanostores';

/**
 * The ACH popup (spec section 3: open, showGiftCardText, hideBankAccountInfo): the cash-out of
 * the rewards balance from /myrewards. With no bank account on file its bank part is hidden (a
 * link to add one instead) and the gift-card alternative shows; with one, the alternative shows
 * when asked for.
 */
export interface AchPopup {
  open: boolean;
  showGiftCardText: boolean;
  hideBankAccountInfo: boolean;
}

const CLOSED: AchPopup = { open: false, showGiftCardText: false, hideBankAccountInfo: false };
const $state = atom<AchPopup>(CLOSED);

export const $achPopup: ReadableAtom<AchPopup> = $state;

/** Opens it knowing whether a bank account is on file. */
export function openAchPopup(hasBankAccount: boolean): void {
  $state.set({ open: true, hideBankAccountInfo: !hasBankAccount, showGiftCardText: !hasBankAccount });
}

export function showGiftCardText(): void {
  $state.set({ ...$state.get(), showGiftCardText: true });
}

export function closeAchPopup(): void {
  $state.set(CLOSED);
}
