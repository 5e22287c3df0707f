import { lazy, Suspense, useEffect, useState } from 'react';
import { restoreSession, type Session } from '../../stores/session';

// The popup brings the api client and the form rules: only when it opens.
const ReferralPopup = lazy(() => import('./ReferralPopup').then((m) => ({ default: m.ReferralPopup })));

/** `?openReferralPopup=true` (spec section 2's flag): the popup opens as the page loads. */
export function asksForReferralPopup(search: string): boolean {
  return new URLSearchParams(search).get('openReferralPopup') === 'true';
}

/**
 * /refer-a-friend's 'Invite friends' for a signed-in person: opens the referral popup. A guest
 * sees nothing here (the page's link asks them to log in first).
 */
export function ReferralPopupLauncher() {
  const [session, setSession] = useState<Session | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void restoreSession().then((person) => {
      setSession(person);
      if (person && asksForReferralPopup(window.location.search)) setOpen(true);
    });
  }, []);

  if (!session) return null;
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
