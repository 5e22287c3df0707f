import { $session, restoreSession, type Session } from '../stores/session';
import { loginFirstLink } from './faq';

/** What a signed-in page needs: any account, or a complete one (not a limited easy sign-up). */
export type AccessNeed = 'signedIn' | 'completeAccount';

/**
 * Whether this visitor may see a signed-in page (spec sections 2, 4 and 6): 'home' without a
 * session, when the page's `userId` query names someone else, or, for pages that need a
 * complete account, for a progressive account that is not profession-verified.
 */
export function accessFor(session: Session | null, search: string, need: AccessNeed): 'allow' | 'home' {
  if (!session) return 'home';
  const userId = new URLSearchParams(search).get('userId');
  if (userId !== null && userId !== session.userRefnum) return 'home';
  if (need === 'completeAccount' && session.isProgressive && !session.isProfessionVerified) return 'home';
  return 'allow';
}

/** Whether the rewards (/myrewards, the referral popup, the reward card) are this person's yet: not a limited progressive account's. */
export function mayUseRewards(session: Session): boolean {
  return accessFor(session, '', 'completeAccount') === 'allow';
}

/** For signed-in pages: the session, or null after sending the visitor home (the rentals pages: the rentals home). */
export function requireSignedIn(home = '/'): Promise<Session | null> {
  return guard('signedIn', home);
}

/** For pages a progressive account may not use yet (my rewards, settings, create list, profile). */
export function requireCompleteAccount(): Promise<Session | null> {
  return guard('completeAccount');
}

async function guard(need: AccessNeed, home = '/'): Promise<Session | null> {
  const session = await restoreSession();
  if (accessFor(session, window.location.search, need) === 'home') {
    // A guest: home with the login dialog open, and on to this page once logged in (as the FAQ's deep links do).
    const { pathname, search, hash } = window.location;
    window.location.replace(session ? home : loginFirstLink(home, `${pathname}${search}${hash}`));
    return null;
  }
  // Logging out here or in another tab leaves the page too.
  const stop = $session.listen((now) => {
    if (now) return;
    stop();
    window.location.replace(home);
  });
  return session;
}
