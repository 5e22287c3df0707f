import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { donationDepsOf } from '../donations/deps';
import { donationsResource } from './admin';

/** The console's donation queue (issue 21): read by ROLE_ADMIN and the limited admin, processed by ROLE_ADMIN. */
export const donationConsoleCapability = defineCapability({
  name: 'donation-console',
  services: (app: AppServices) => donationDepsOf(app),
  adminResources: (s) => [donationsResource(s)],
});
