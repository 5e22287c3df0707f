import type { Db } from '../../db/connect';
import type { Jobs } from '../../jobs/runner';
import { mailDeliveryJob } from './jobs';
import type { MailBodySealer } from './sealed-body';
import type { MailTransport } from './transport';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on optional mails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Queue one mail for delivery; pass the caller's transaction as `db` so the mail goes out only
   * if it commits. It never fails because the mail server is down: the delivery job retries.
   */
  send(mail: Mail, options?: { db?: Db }): Promise<void>;
}

/**
 * The mailer the product uses: it queues the mail with its body sealed, and registers the job
 * that opens and delivers it through `transport`.
 */
export function createMailer(deps: { db: Db; jobs: Jobs; transport: MailTransport; bodies: MailBodySealer }): Mailer {
  const job = mailDeliveryJob(deps.transport, deps.bodies);
  deps.jobs.register(job);
  return {
    async send(mail, options = {}) {
      const queued = { to: mail.to, subject: mail.subject, sealedBody: deps.bodies.seal(mail) };
      await deps.jobs.enqueue(options.db ?? deps.db, job, queued);
    },
  };
}
