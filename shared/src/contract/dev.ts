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

/** Served only outside production. */
export const devCalls = { outbox: devOutboxCall } as const;
