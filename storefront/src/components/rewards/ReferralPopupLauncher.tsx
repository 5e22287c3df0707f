import { lazy, Suspense, useEffect, useState } from 'react';
import { openAuthDialog } from '../../stores/auth-dialog';
import { askReferralPopupOnLogin } from '../../stores/reward-dialogs';
import { restoreSession, type Session } from '../../stores/session';

// The popup brings the api client and the form rules: only when it opens.
const ReferralPopup = lazy(() => import('./ReferralPopup').then((m) => ({ default: m.ReferralPopup })));

/** `?openReferralPopup=true` (spec section 2's flag): the popup opens as the page loads. */
export function asksForReferralPopup(search: string): boolean {
  return new URLSearchParams(search).get('openReferralPopup') === 'true';
}

/** What a guest is told when they ask to invite friends: logging in opens the popup. */
export const LOG_IN_TO_INVITE = 'Log in to invite your friends: the invitation opens as soon as you are in.';

/** A guest asks for the popup: openReferralPopupOnLogin is set and they are asked to log in (the header's greeting opens it then). */
function inviteAfterLogin(): void {
  askReferralPopupOnLogin();
  openAuthDialog({ name: 'login', notice: LOG_IN_TO_INVITE });
}

/**
 * /refer-a-friend's 'Invite friends': opens the referral popup for a signed-in person (at once
 * with `?openReferralPopup=true`). A guest's press (or that address) sets
 * openReferralPopupOnLogin and asks them to log in; the first page they see signed in opens it.
 */
export function ReferralPopupLauncher() {
  const [session, setSession] = useState<Session | null>(null);
  const [known, setKnown] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void restoreSession().then((person) => {
      setSession(person);
      setKnown(true);
      if (!asksForReferralPopup(window.location.search)) return;
      if (person) setOpen(true);
      else inviteAfterLogin();
    });
  }, []);

  if (!known) return null;
  if (!session) {
    return (
      <button type="button" className="button" onClick={inviteAfterLogin}>
        Invite friends
      </button>
    );
  }
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Invite friends
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReferralPopup person={session} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
