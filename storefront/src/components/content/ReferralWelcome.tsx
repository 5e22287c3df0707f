import { useEffect } from 'react';
import { openAuthDialog } from '../../stores/auth-dialog';
import { rememberReferral } from '../../stores/referral';

/** Keeps the invitation for the sign-up, and offers the sign-up itself. */
export function ReferralWelcome({ referralCode }: { referralCode: string }) {
  useEffect(() => rememberReferral(referralCode), [referralCode]);
  return (
    <button type="button" className="button" onClick={() => openAuthDialog('signup')}>
      Sign up and get started
    </button>
  );
}
