import { DONATION_ADMIN_RESOURCES } from '@yardly/shared/rules';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../db/connect';
import { installCaller } from '../caller';
import { installErrorHandling, sendUnknownCall } from '../envelope-errors';
import { registerAdminResources } from './registry';
import type { AdminResourceDef, AdminResourceName } from './rest-adapter';

/**
 * The donation resources arrive with their own issue; until then a resource of that name with
 * one empty list stands in, to show which names the flag lets the registry serve.
 */
function resourceNamed(name: AdminResourceName): AdminResourceDef {
  return {
    name,
    record: z.object({ id: z.number() }),
    parseId: () => null,
    list: async () => ({ rows: [], total: 0 }),
    one: async () => undefined,
  };
}

async function consoleWith(donationEnabled: boolean) {
  const app = Fastify();
  installErrorHandling(app);
  // No token is ever valid here: the guard's answer for a guest (401) shows the route exists.
  installCaller(app, async () => {
    throw new Error('no tokens in this test');
  });
  app.setNotFoundHandler(sendUnknownCall);
  const names: AdminResourceName[] = ['banners', ...(DONATION_ADMIN_RESOURCES as AdminResourceName[])];
  registerAdminResources(app, {} as Db, names.map(resourceNamed), { donationEnabled });
  await app.ready();
  return app;
}

describe('the console resources and the donation flag', () => {
  it('serves no donation resource with the flag off: /svc/admin/donations and process-donations are unknown', async () => {
    const app = await consoleWith(false);
    for (const name of ['donations', 'process-donations']) {
      const res = await app.inject({ method: 'GET', url: `/svc/admin/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: `There is no GET /svc/admin/${name}` });
    }
    expect((await app.inject({ method: 'GET', url: '/svc/admin/banners' })).statusCode).toBe(401);
    await app.close();
  });

  it('serves them, behind the role guard, with the flag on', async () => {
    const app = await consoleWith(true);
    for (const name of ['donations', 'process-donations', 'banners']) {
      expect((await app.inject({ method: 'GET', url: `/svc/admin/${name}` })).statusCode).toBe(401);
    }
    await app.close();
  });
});
