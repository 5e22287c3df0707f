import { devCalls } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { type CallHandlers, registerCalls } from '../../http/register-call';
import { recentMails } from './service';

export function devOutboxHandlers(db: Db): CallHandlers<typeof devCalls> {
  return { outbox: async ({ query }) => recentMails(db, query.to) };
}

/** The dev outbox alone on an app (its tests); the app installs `devOutboxCapability`. */
export function registerDevOutboxRoutes(app: FastifyInstance, db: Db): void {
  registerCalls(app, 'dev-outbox', devCalls, devOutboxHandlers(db));
}
