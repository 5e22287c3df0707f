import type { ContactBody } from '@yardly/shared/contract';
import type { Mail } from '../mail/mailer';
import { escapeHtml } from '../mail/templates';

/** The mail support receives for a contact-us message: who wrote, about what, and what. */
export function contactMail(body: ContactBody, id: number): Omit<Mail, 'to'> {
  // One line for the subject, whatever the sender typed.
  const subject = `[Contact #${id}] ${body.subject.replace(/\s+/g, ' ')}`;
  const from = `${body.name} <${body.email}>`;
  const text = [`From: ${from}`, `Subject: ${body.subject}`, '', body.message, ''].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; color: #1c1917;">
<p><strong>From:</strong> ${escapeHtml(from)}</p>
<p><strong>Subject:</strong> ${escapeHtml(body.subject)}</p>
<p style="white-space: pre-wrap;">${escapeHtml(body.message)}</p>
</body>
</html>
`;
  return { subject, text, html };
}
