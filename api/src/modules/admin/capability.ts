import { adminCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { refuseUnlessAllowed } from '../../http/console/rest-adapter';
import { auditLogResource } from './audit-log';
import { dashboardCounts } from './dashboard';
import { jobsResource } from './jobs';

/** The console's own part: its home figures, the audit log and the background jobs. Other resources come with their capability. */
export const adminCapability = defineCapability({
  name: 'admin',
  calls: adminCalls,
  handlers: ({ db, config, clock }) => ({
    async dashboard({ caller }) {
      refuseUnlessAllowed(caller, 'dashboard', 'list');
      return dashboardCounts(db, config, clock.now());
    },
  }),
  // Donation resources come with the donations capability; the role matrix already has them.
  adminResources: () => [auditLogResource, jobsResource],
});
