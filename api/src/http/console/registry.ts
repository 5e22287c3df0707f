import { adminResourceEnabled } from '@yardly/shared/rules';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { type AdminResourceDef, registerResource } from './rest-adapter';

/**
 * The console resources the capabilities brought, served under /svc/admin; one name, one
 * resource. The donation ones are served only with the donation flag on: off, they are
 * unknown paths (404), as the storefront's donation pages are.
 */
export function registerAdminResources(
  app: FastifyInstance,
  db: Db,
  resources: readonly AdminResourceDef[],
  flags: { donationEnabled: boolean },
): void {
  const names = resources.map((r) => r.name);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length) throw new Error(`Two console resources are named ${[...new Set(twice)].join(', ')}`);
  for (const resource of resources) {
    if (adminResourceEnabled(resource.name, flags)) registerResource(app, db, resource);
  }
}
