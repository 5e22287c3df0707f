import { MAIL_LIST_LABELS, type MailList } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import type { Mail, Mailer } from './mailer';
import { escapeHtml } from './templates';

/**
 * How each mail the product sends is classed. Transactional mails (the one-time codes of sign-up,
 * log-in, password reset, email change and work email) are always sent and carry no unsubscribe
 * link: they answer something the person just did. Every other mail belongs to a list of the
 * communication settings and goes through `optionalMailer`.
 */
export type MailClass = { kind: 'transactional' } | { kind: 'optional'; list: MailList };

export interface ListPreferences {
  forMail(userId: number, list: MailList): Promise<{ wanted: boolean; token: string }>;
}

/** The /unsubscribe link of a mail; it works logged out because the id is a long random token. */
export function unsubscribeUrl(publicUrl: string, token: string, list: MailList): string {
  return `${publicUrl}/unsubscribe?id=${encodeURIComponent(token)}&list=${list}`;
}

/** A mail of a list with its unsubscribe footer (text and HTML) and List-Unsubscribe header. */
export function withUnsubscribe(mail: Mail, url: string, list: MailList): Mail {
  const why = `You get this email because "${MAIL_LIST_LABELS[list]}" is on in your Account Settings.`;
  const footer = `<p style="margin: 24px auto 0; max-width: 480px; font-size: 12px; color: #57534e;">${escapeHtml(why)} <a href="${escapeHtml(url)}">Unsubscribe</a></p>`;
  const html = mail.html.includes('</body>') ? mail.html.replace('</body>', `${footer}\n</body>`) : mail.html + footer;
  return {
    ...mail,
    text: `${mail.text}\n--\n${why}\nUnsubscribe: ${url}\n`,
    html,
    // RFC 8058: a mail client may unsubscribe with one POST to the link (POST /unsubscribe, account).
    headers: { ...mail.headers, 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Sends a list's mail only to a person who wants it, always with its unsubscribe link. */
export function optionalMailer(deps: { mailer: Mailer; preferences: ListPreferences; publicUrl: string }) {
  return {
    /** Queued in `options.db` when given (the caller's transaction). */
    async send(
      userId: number,
      list: MailList,
      mail: Mail,
      options: { db?: Db } = {},
    ): Promise<'sent' | 'unsubscribed'> {
      const { wanted, token } = await deps.preferences.forMail(userId, list);
      if (!wanted) return 'unsubscribed';
      await deps.mailer.send(withUnsubscribe(mail, unsubscribeUrl(deps.publicUrl, token, list), list), options);
      return 'sent';
    },
  };
}

export type OptionalMailer = ReturnType<typeof optionalMailer>;
