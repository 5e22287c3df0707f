import { createReportCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import { requiredCaller } from '../../http/caller';
import { registerCall } from '../../http/register-call';
import { createReport } from './service';

export function registerReportRoutes(app: FastifyInstance, db: Db): void {
  registerCall(app, createReportCall, ({ body, request }) => createReport(db, requiredCaller(request), body));
}
