import { randomUUID } from 'node:crypto';
import { createTransport } from 'nodemailer';
import type { Db } from '../../db/connect';
import { mailOutbox } from '../../db/schema/index';
import type { Mail } from './mailer';
import type { MailBodySealer } from './sealed-body';

export interface MailTransport {
  /** Hand one mail to the SMTP server (or the log) and record it in mail_outbox; throws when it is not taken. */
  deliver(mail: Mail): Promise<void>;
}

export interface MailTransportOptions {
  db: Db;
  /** smtp:// or smtps:// URL; absent: mail is only logged and kept in the dev outbox. */
  smtpUrl?: string;
  /** The From header, e.g. 'Yardly <no-reply@yardly.example>'. */
  from: string;
  /** The domain of Message-IDs (the From's, config.ts): never a private one sent to a real server. */
  messageDomain?: string;
  log: { info(obj: object, msg: string): void };
  /** Seals the body written to mail_outbox. */
  bodies: MailBodySealer;
}

/**
 * With an SMTP URL, mail goes out through nodemailer; without one, it goes to the log (body
 * included, so a developer can read a code there; production allows that only with MAIL_LOG=1).
 * Either way it is written to mail_outbox, its body sealed.
 * The mail job (mail/jobs.ts) calls it; nothing else should, so a server that is down only delays mail.
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const { db, smtpUrl, from, log, bodies, messageDomain } = options;
  if (!smtpUrl) {
    return {
      async deliver(mail) {
        await record(db, bodies, mail, 'log');
        log.info(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'mail not sent (no SMTP_URL): see the log or the dev outbox',
        );
      },
    };
  }

  // nodemailer's defaults wait up to 2 minutes to connect; a try should end sooner and be
  // retried later. Timeouts given in the URL's query still win over these.
  const transport = createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    async deliver(mail) {
      const info = await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        ...(messageDomain && { messageId: `<${randomUUID()}@${messageDomain}>` }),
      });
      // Recorded once the server has taken it: the outbox is the record of what went out.
      await record(db, bodies, mail, 'smtp');
      // The body carries codes: it stays out of the log when a real server delivers it.
      log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    },
  };
}

async function record(db: Db, bodies: MailBodySealer, mail: Mail, transport: 'smtp' | 'log'): Promise<void> {
  await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, sealedBody: bodies.seal(mail), transport });
}
