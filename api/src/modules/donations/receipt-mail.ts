import type { Mail } from '../mail/mailer';
import { escapeHtml } from '../mail/templates';
import type { DonationContext } from './context';

/** The date a receipt names, as a US donor reads it ('November 26, 2026'). */
function receiptDate(at: Date): string {
  return at.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The donor's receipt once the charity received the item (issue 21): what they keep for their
 * records, the item, the recipient organisation and the date.
 */
export function donationReceiptMail(c: DonationContext, donationOrderId: string, receivedAt: Date): Mail {
  const date = receiptDate(receivedAt);
  const subject = `Your Yardly donation receipt: ${c.listingTitle}`;
  const lines: [string, string][] = [
    ['Item', c.listingTitle],
    ['Received by', c.organizationName],
    ['Date', date],
    ['Donation', donationOrderId],
  ];
  const intro = `Thank you for your donation. ${c.organizationName} received your item on ${date}. Keep this email for your records.`;
  const text = [
    `Hi ${c.donorName},`,
    '',
    intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    'The Yardly team',
    '',
  ].join('\n');
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th style="text-align: left; padding: 4px 12px 4px 0;">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; color: #1c1917;">
<h1 style="font-size: 20px;">Donation receipt</h1>
<p>${escapeHtml(`Hi ${c.donorName},`)}</p>
<p>${escapeHtml(intro)}</p>
<table>
${rows}
</table>
<p>The Yardly team</p>
</body>
</html>
`;
  return { to: c.donorEmail, subject, text, html };
}
