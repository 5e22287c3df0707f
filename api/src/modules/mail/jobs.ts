import { defineJob, PermanentJobError } from '../../jobs/job';
import type { Mail } from './mailer';
import type { MailBodySealer } from './sealed-body';
import type { MailTransport } from './transport';

/** A mail waiting in the jobs table: who to and what about in clear, the body sealed. */
export interface QueuedMail {
  to: string;
  subject: string;
  sealedBody: string;
}

/**
 * Delivers one queued mail. A mail server that is down or busy (a connection error, a 4xx) is
 * tried again with backoff for about 14 hours; one that refuses for good (a 5xx: no such mailbox)
 * ends the job at once.
 */
export function mailDeliveryJob(transport: MailTransport, bodies: MailBodySealer) {
  return defineJob<QueuedMail | Mail>({
    name: 'mail.deliver',
    // Waits of 1, 2, 4, ... 32, then 60 minutes: 20 tries span about 14 hours.
    maxAttempts: 20,
    backoff: { firstMinutes: 1, maxMinutes: 60 },
    async run(queued) {
      const mail = openQueued(queued, bodies);
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

function openQueued(queued: QueuedMail | Mail, bodies: MailBodySealer): Mail {
  // Queued before bodies were sealed: delivered as it is (its row is pruned 7 days after).
  if (!('sealedBody' in queued)) return queued;
  try {
    return { to: queued.to, subject: queued.subject, ...bodies.open(queued.sealedBody) };
  } catch {
    throw new PermanentJobError('the mail was sealed with another server secret (JWT_SECRET changed?)');
  }
}
