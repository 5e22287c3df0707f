import { devClockAdvanceCall, devClockCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../http/register-call';
import type { Jobs } from '../jobs/runner';
import type { DevClock } from './clock';

/** GET and POST /svc/dev/clock: the caller registers them only when NODE_ENV is not production. */
export function registerDevClockRoutes(app: FastifyInstance, deps: { clock: DevClock; jobs: Jobs }): void {
  registerCall(app, devClockCall, async () => ({ now: deps.clock.now().toISOString() }));
  registerCall(app, devClockAdvanceCall, async ({ body }) => {
    deps.clock.advance(body.advanceMinutes);
    // Answers once every job the move made due (and what they enqueued due) has run.
    await deps.jobs.runDue();
    return { now: deps.clock.now().toISOString() };
  });
}
