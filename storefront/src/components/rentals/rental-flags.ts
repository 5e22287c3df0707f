import { donationFlag as readFlag } from '@yardly/shared/rules';

/**
 * Spec section 6: a guest is prompted to sign up to open rental details when the sign-up flag is
 * set. The marketplace has no such flag for item details, so the rentals read their own, at
 * build time like the donation flag: PUBLIC_RENTAL_DETAILS_SIGNUP=true.
 */
export const RENTAL_DETAILS_SIGNUP = readFlag(import.meta.env.PUBLIC_RENTAL_DETAILS_SIGNUP);
