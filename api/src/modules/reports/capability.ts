import { reportCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { reportsResource } from './admin';
import { createReport } from './service';

/** Reporting an item, and the console's queue of reports. */
export const reportsCapability = defineCapability({
  name: 'reports',
  calls: reportCalls,
  handlers: ({ db, clock }) => ({
    create: ({ body, caller }) => createReport(db, caller, body, clock.now()),
  }),
  adminResources: ({ clock }) => [reportsResource({ clock })],
});
