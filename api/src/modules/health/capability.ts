import { healthCalls } from '@yardly/shared/contract';
import { AppError } from '../../errors';
import { defineCapability } from '../../http/capability';

export const healthCapability = defineCapability({
  name: 'health',
  calls: healthCalls,
  handlers: ({ database, live }) => ({
    async check() {
      try {
        await database.ping();
      } catch {
        throw new AppError(503, 'The database is not answering');
      }
      // Each replica asked now, so the answer is also what the next reads choose by.
      const [replicas, liveBus] = await Promise.all([database.reads?.check(), live.backlog()]);
      return {
        db: 'ok' as const,
        ...(replicas && { replicas }),
        ...(liveBus && { liveBus }),
      };
    },
  }),
});
