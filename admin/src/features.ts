import { donationFlag } from '@yardly/shared/rules';

/**
 * The build-time donation flag (spec section 6), the same `PUBLIC_DONATION_ENABLED` the
 * storefront and the api read (vite.config.ts lets the PUBLIC_ prefix through).
 */
export const DONATION_ENABLED = donationFlag(import.meta.env.PUBLIC_DONATION_ENABLED);
