import { textSealer } from '../../secrets/secrets';
import type { Mail } from './mailer';

/** What a mail says (codes, links, unsubscribe tokens): it never sits in the database in clear. */
export type MailBody = Pick<Mail, 'text' | 'html' | 'headers'>;

/**
 * Mail bodies at rest, in the delivery job's payload and in mail_outbox: sealed with a key
 * derived from the server secret (docs/decisions/0019-sessions-and-mail-secrets.md), opened
 * only to send a mail or to show the dev outbox.
 */
export function mailBodySealer(secret: Uint8Array) {
  const sealer = textSealer(secret, 'yardly mail body');
  return {
    seal(body: MailBody): string {
      return sealer.seal(JSON.stringify({ text: body.text, html: body.html, headers: body.headers }));
    },
    open(sealed: string): MailBody {
      return JSON.parse(sealer.open(sealed)) as MailBody;
    },
  };
}

export type MailBodySealer = ReturnType<typeof mailBodySealer>;
