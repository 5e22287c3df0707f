import { useEffect } from 'react';
import { openAuthDialog } from '../../stores/auth-dialog';
import { restoreSession } from '../../stores/session';

/** What a guest is told when the sign-up flag asks them to sign up to open rental details. */
export const DETAILS_SIGNUP_PROMPT = 'Sign up or log in to see the details of this place';

/** Spec section 6: with the sign-up flag set, a guest opening a rental's details is asked to sign up. */
export function RentalSignupGate() {
  useEffect(() => {
    void restoreSession().then((session) => {
      if (!session) openAuthDialog({ name: 'signup', notice: DETAILS_SIGNUP_PROMPT });
    });
  }, []);
  return null;
}
