import { devCalls } from '@yardly/shared/contract';
import { isDevClock } from '../../clock/clock';
import { AppError } from '../../errors';
import { defineCapability } from '../../http/capability';
import { mailBodySealer } from '../mail/sealed-body';
import { recentMails } from '../mail/service';

/**
 * The development-only calls: the mails sent lately (`/svc/dev/outbox`) and the clock every
 * time rule reads (`/svc/dev/clock`). app.ts installs them only when NODE_ENV is not production.
 */
export const devCapability = defineCapability({
  name: 'dev',
  calls: devCalls,
  handlers: ({ db, clock, jobs, secret }) => ({
    outbox: async ({ query }) => recentMails(db, mailBodySealer(secret), query.to),
    clock: async () => ({ now: clock.now().toISOString() }),
    advanceClock: async ({ body }) => {
      if (!isDevClock(clock)) throw AppError.notFound();
      // Moved for every api process sharing the clock, not only for the one that was asked.
      await clock.moveForward(body.advanceMinutes);
      // Answers once every job the move made due (and what they enqueued due) has run, here or in
      // another api process whose runner had taken it.
      await jobs.runDueEverywhere();
      return { now: clock.now().toISOString() };
    },
  }),
});
