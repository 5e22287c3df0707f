import { lazy, Suspense, useEffect, useState } from 'react';
import { openAuthDialog } from '../../stores/auth-dialog';
import { restoreSession } from '../../stores/session';
import { withoutLeaveFeedback } from './review-target';

const ReviewDialog = lazy(() => import('./ReviewDialog').then((m) => ({ default: m.ReviewDialog })));

/**
 * Opens the review dialog when the address asks for it (`?leavefeedback=<orderId or
 * listingRefnum>` on /myquest, /buying and /selling); the dialog's code loads only then. A guest
 * is asked to log in first and comes back here.
 */
export function ReviewDialogHost() {
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('leavefeedback');
    if (!asked) return;
    void restoreSession().then((session) => {
      if (session) setTarget(asked);
      else openAuthDialog({ name: 'login', returnTo: `${window.location.pathname}${window.location.search}` });
    });
  }, []);

  if (!target) return null;
  const close = () => {
    setTarget(null);
    window.history.replaceState(window.history.state, '', withoutLeaveFeedback(window.location.href));
  };
  return (
    <Suspense fallback={null}>
      <ReviewDialog target={target} onClose={close} />
    </Suspense>
  );
}
