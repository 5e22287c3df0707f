import { zipLookupCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { registerCall } from '../../http/register-call';
import { addressOfZip } from './service';

export function registerLocationRoutes(app: FastifyInstance, db: Db): void {
  registerCall(app, zipLookupCall, async ({ query }) => ({ address: await addressOfZip(db, query.zip) }));
}
