import { eq } from 'drizzle-orm';
import { contactMessages } from '../../db/schema/index';
import { defineJob } from '../../jobs/job';
import type { MailTransport } from '../mail/transport';
import { contactMail } from './mail';

/**
 * Mails a stored contact-us message to support and marks it mailed. A job of its own (not the
 * generic mail job) so that `mailed_at` says when support really got it; retried like mail.
 */
export function mailToSupportJob(deps: { transport: MailTransport; supportEmail: string }) {
  return defineJob<{ contactMessageId: number }>({
    name: 'contact.mail-support',
    maxAttempts: 20,
    backoff: { firstMinutes: 1, maxMinutes: 60 },
    async run({ contactMessageId }, { db, now }) {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, contactMessageId));
      if (!row || row.mailedAt) return;
      await deps.transport.deliver({ to: deps.supportEmail, ...contactMail(row, row.id) });
      await db.update(contactMessages).set({ mailedAt: now }).where(eq(contactMessages.id, row.id));
    },
  });
}
