/**
 * The invitation a visitor arrived with (/refer-a-friend/:referer_name): kept in this browser
 * so that signing up later, from any page, records who referred them.
 */

const KEY = 'yardly.referral';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked (private mode settings): the referral is simply not kept
  }
}

/** Remember the referral segment of the link the visitor came from. */
export function rememberReferral(code: string): void {
  storage()?.setItem(KEY, code);
}

/** The remembered referral, if any, to send with a sign-up. */
export function rememberedReferral(): string | undefined {
  return storage()?.getItem(KEY) ?? undefined;
}

/** A sign-up went through: the invitation has been used. */
export function forgetReferral(): void {
  storage()?.removeItem(KEY);
}
