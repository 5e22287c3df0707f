import { healthCalls } from '@yardly/shared/contract';
import { AppError } from '../../errors';
import { defineCapability } from '../../http/capability';

export const healthCapability = defineCapability({
  name: 'health',
  calls: healthCalls,
  handlers: ({ database }) => ({
    async check() {
      try {
        await database.ping();
      } catch {
        throw new AppError(503, 'The database is not answering');
      }
      return { db: 'ok' as const };
    },
  }),
});
