import { nearestZipCall, updateLocationCall, zipLookupCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { registerCall } from '../../http/register-call';
import { addressOfZip, nearestZip, saveUserLocation } from './service';

export function registerLocationRoutes(app: FastifyInstance, db: Db): void {
  registerCall(app, zipLookupCall, async ({ query }) => ({ address: await addressOfZip(db, query.zip) }));
  registerCall(app, nearestZipCall, async ({ query }) => ({ address: await nearestZip(db, query.lat, query.lng) }));
  registerCall(app, updateLocationCall, async ({ query, request }) => ({
    // registerCall has refused a call without a caller already.
    address: await saveUserLocation(db, (request.caller as NonNullable<typeof request.caller>).userId, query.zip),
  }));
}
