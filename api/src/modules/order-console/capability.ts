import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { ordersResource } from './admin';
import { consoleRefundJob } from './refund';

/** The console's orders (issue 18 §4): search, the detail with payments, ledger and history, and the admin's refund. */
export const orderConsoleCapability = defineCapability({
  name: 'order-console',
  services: (app: AppServices) => ({ ...app, orderRunner: app.processes.order, returnRunner: app.processes.return }),
  adminResources: (s) => [ordersResource(s)],
  jobs: (s) => [consoleRefundJob(s.payments)],
});
