import { adminDashboardCall, homeBannersCall, notificationsCall } from '@yardly/shared/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { notifications } from '../../db/schema/index';
import { registerCall } from '../../http/register-call';
import { callerId } from '../auth/request-context';
import type { FileStore } from '../files/file-store';
import { auditLogResource } from './audit-log';
import { bannersResource, liveBanners } from './banners';
import { categoriesResource } from './categories';
import { dashboardCounts } from './dashboard';
import { listingsResource } from './listings';
import { organizationsResource } from './organizations';
import { reportsResource } from './reports';
import { registerResource, requireAdmin } from './rest-adapter';
import { usersResource } from './users';
import { workEmailDomainsResource } from './work-email-domains';

/** The back office's /svc/admin calls, the public banners and the signed-in person's notifications. */
export function registerAdminRoutes(app: FastifyInstance, deps: { db: Db; files: FileStore }): void {
  const { db, files } = deps;
  registerResource(app, db, categoriesResource);
  registerResource(app, db, listingsResource);
  registerResource(app, db, reportsResource);
  registerResource(app, db, bannersResource(files));
  registerResource(app, db, workEmailDomainsResource);
  registerResource(app, db, organizationsResource);
  registerResource(app, db, usersResource);
  registerResource(app, db, auditLogResource);
  // Donation resources register here when the donations issue lands; the matrix already has them.

  registerCall(app, adminDashboardCall, async ({ request }) => {
    await requireAdmin(request, 'dashboard', 'list');
    return dashboardCounts(db);
  });
  registerCall(app, homeBannersCall, ({ query }) => liveBanners(db, query.categoryRefnum));
  registerCall(app, notificationsCall, async ({ request }) => {
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, callerId(request)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(50);
    return rows.map((n) => ({ id: n.id, text: n.text, link: n.link, createdAt: n.createdAt.toISOString() }));
  });
}
