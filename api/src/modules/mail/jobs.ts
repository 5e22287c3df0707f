import { defineJob, PermanentJobError } from '../../jobs/job';
import type { Mail } from './mailer';
import type { MailTransport } from './transport';

/**
 * Delivers one queued mail. A mail server that is down or busy (a connection error, a 4xx) is
 * tried again with backoff for about 14 hours; one that refuses for good (a 5xx: no such mailbox)
 * ends the job at once.
 */
export function mailDeliveryJob(transport: MailTransport) {
  return defineJob<Mail>({
    name: 'mail.deliver',
    // Waits of 1, 2, 4, ... 32, then 60 minutes: 20 tries span about 14 hours.
    maxAttempts: 20,
    backoff: { firstMinutes: 1, maxMinutes: 60 },
    async run(mail) {
      try {
        await transport.deliver(mail);
      } catch (error) {
        const responseCode = (error as { responseCode?: unknown }).responseCode;
        if (typeof responseCode === 'number' && responseCode >= 500) {
          throw new PermanentJobError(`the mail server refused the mail for good: ${(error as Error).message}`);
        }
        throw error;
      }
    },
  });
}
