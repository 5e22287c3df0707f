import { healthCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect';
import { AppError } from '../../errors';
import { registerCall } from '../../http/register-call';

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  registerCall(app, healthCall, async () => {
    try {
      await database.ping();
    } catch {
      throw new AppError(503, 'The database is not answering');
    }
    return { db: 'ok' as const };
  });
}
