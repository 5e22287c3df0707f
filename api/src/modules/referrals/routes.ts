import { referrerCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { registerCall } from '../../http/register-call';
import { referrerOf } from './service';

export function registerReferralRoutes(app: FastifyInstance, db: Db): void {
  registerCall(app, referrerCall, ({ query }) => referrerOf(db, query.name));
}
