import { z } from 'zod';
import { defineCall } from './call';
import { isoDateTimeSchema } from './common';

/** One mail as the dev outbox shows it. */
export const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: isoDateTimeSchema,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** Served only when NODE_ENV is not production. */
export const devOutboxCall = defineCall({
  method: 'GET',
  path: '/dev/outbox',
  auth: 'none',
  summary: 'Development only: the last 50 mails, newest first; `to` keeps those sent to that address (any case)',
  query: z.object({ to: z.string().max(254).optional() }),
  response: z.array(outboxMailSchema),
});

/** The api's clock as the dev clock calls show it. */
export const devClockSchema = z.object({ now: isoDateTimeSchema });
export type DevClock = z.infer<typeof devClockSchema>;

/** Served only when NODE_ENV is not production. */
export const devClockCall = defineCall({
  method: 'GET',
  path: '/dev/clock',
  auth: 'none',
  summary: 'Development only: the time every time rule of the api reads (real time plus what was added)',
  response: devClockSchema,
});

/** Served only when NODE_ENV is not production; a year at most per call. */
export const devClockAdvanceCall = defineCall({
  method: 'POST',
  path: '/dev/clock',
  auth: 'none',
  summary:
    'Development only: move the clock forward, run every job that came due, and answer the new time once they are done',
  body: z.object({ advanceMinutes: z.number().min(0).max(525_600) }),
  response: devClockSchema,
});

/** Served only outside production. */
export const devCalls = { outbox: devOutboxCall, clock: devClockCall, advanceClock: devClockAdvanceCall } as const;
