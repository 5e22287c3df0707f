import { devOutboxCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { registerCall } from '../../http/register-call';
import { recentMails } from './service';

/** GET /svc/dev/outbox: the caller registers it only when NODE_ENV is not production. */
export function registerDevOutboxRoutes(app: FastifyInstance, db: Db): void {
  registerCall(app, devOutboxCall, async ({ query }) => recentMails(db, query.to));
}
