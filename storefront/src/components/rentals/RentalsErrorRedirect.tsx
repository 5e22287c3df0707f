import { useEffect } from 'react';
import { showToast } from '../../stores/toast';
import { RENTALS_HOME } from './rental-paths';

/** How long the message shows before the rentals home opens. */
export const REDIRECT_DELAY_MS = 2500;

/** Spec section 8: a rentals fetch failure says 'Error fetching data, please try again', then goes to the rentals home. */
export function RentalsErrorRedirect({ message }: { message: string }) {
  useEffect(() => {
    showToast(message, 'error');
    const timer = window.setTimeout(() => window.location.assign(RENTALS_HOME), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  return null;
}
